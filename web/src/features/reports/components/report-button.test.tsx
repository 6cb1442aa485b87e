import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { dismissSnackbar } from '../../../lib/snackbar';
import { ReportButton } from '..';
import { REPORT_THANKS } from './report-button';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissSnackbar();
});

const here = (ownerId?: string) => [
  { path: '/', element: <ReportButton type="review" id="e1" what="review" ownerId={ownerId} /> },
];

describe('the report action', () => {
  it('asks for a reason, sends the report and thanks the reader', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'POST /api/reports': (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return json(201, { id: 'rep1' });
      },
    });
    renderApp('/', here('u2'));

    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(
      (await within(dialog).findByText('reason must be longer than or equal to 1 characters')).id,
    ).toBe(reason.getAttribute('aria-describedby'));

    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('reason must be shorter than or equal to 1000 characters'),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'Copies another review word for word.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { type: 'review', id: 'e1', reason: 'Copies another review word for word.' },
    ]);
    expect(screen.getByRole('status').textContent).toContain(REPORT_THANKS);
  });

  it('shows the server’s refusal in the dialog and closes on Cancel', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'POST /api/reports': json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'You have already reported this',
      }),
    });
    renderApp('/', here());

    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have already reported this',
    );
    expect(screen.getByRole('status').textContent).toBe('');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not offered to visitors nor on one’s own things', async () => {
    const fetchMock = mockApi({ 'GET /api/users/me': signedOut() });
    const first = renderApp('/', here());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    first.unmount();

    vi.unstubAllGlobals();
    const again = mockApi({ 'GET /api/users/me': json(200, makeUser({ id: 'u2' })) });
    renderApp('/', here('u2'));
    await waitFor(() => expect(again).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
