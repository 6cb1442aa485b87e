import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { callsTo, signedInApi } from '../test-support';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const UPDATE = 'PATCH /api/users/u1/update-preferences';
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('content settings', () => {
  it('starts from the saved categories and saves the new choice in a stable order', async () => {
    const user = userEvent.setup();
    const me = makeUser({ id: 'u1', allowExplicitCoverArt: ['BLOOD_GORE'] });
    const fetchMock = signedInApi(me, {
      [UPDATE]: json(200, { ...me, allowExplicitCoverArt: ['NUDITY'] }),
    });
    renderApp('/settings/content');

    await screen.findByRole('checkbox', { name: 'Nudity' });
    expect(
      ['Nudity', 'Explicit sexual content', 'Blood and gore', 'Explicit hateful content'].map(
        (name) => box(name).checked,
      ),
    ).toEqual([false, false, true, false]);
    const save = screen.getByRole('button', { name: 'Save preferences' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.click(box('Explicit hateful content'));
    await user.click(box('Nudity'));
    await user.click(box('Blood and gore'));
    await user.click(save);

    expect(await screen.findByText('Preferences saved')).toBeTruthy();
    expect(callsTo(fetchMock, UPDATE)).toEqual([
      { body: { allowExplicitCoverArt: ['NUDITY', 'EXPLICIT_HATEFUL_CONTENT'] } },
    ]);
  });
});
