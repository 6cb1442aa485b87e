import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContributorStatus } from '@earmark/common';
import type { ReportEntry } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const admin = makeUser({ contributorStatus: ContributorStatus.ADMIN });

const report = (overrides: Partial<ReportEntry> = {}): ReportEntry => ({
  id: 'rep1',
  type: 'review',
  targetId: 'e1',
  targetLabel: "ben's review of Blue Hour",
  link: '/review/e1',
  reason: 'Spam links',
  status: 'open',
  note: null,
  reporter: { id: 'u3', username: 'cara', name: 'Cara Lind', image: null, supporter: 10 },
  createdAt: '2026-01-01T10:00:00.000Z',
  resolvedAt: null,
  ...overrides,
});

const page = (reports: ReportEntry[], nextCursor: string | null = null) => ({
  currentPage: 1,
  totalPages: 1,
  totalItems: reports.length,
  currentItems: reports.length,
  itemsPerPage: 30,
  nextCursor,
  reports,
});

describe('reports queue', () => {
  it('is the 404 page for everyone but admins', async () => {
    mockApi({ 'GET /api/users/me': json(200, makeUser({ contributorStatus: 60 })) });
    renderApp('/contributions/reports');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });

  it('resolves an open report with a note, and lists closed ones by status', async () => {
    let closed = false;
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/admin/reports': (url) => {
        const status = url.searchParams.get('status');
        if (status === 'open') return json(200, page(closed ? [] : [report()]));
        if (status === 'resolved' && closed) {
          return json(
            200,
            page([
              report({
                status: 'resolved',
                note: 'Removed',
                resolvedAt: '2026-01-02T10:00:00.000Z',
              }),
            ]),
          );
        }
        return json(200, page([]));
      },
      'PATCH /api/admin/reports/rep1': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        closed = true;
        return json(200, report({ status: 'resolved', note: 'Removed' }));
      },
    });
    renderApp('/contributions/reports');

    const card = await screen.findByRole('article', { name: "ben's review of Blue Hour" });
    expect(within(card).getByRole('link', { name: "ben's review of Blue Hour" })).toBeTruthy();
    expect(within(card).getByText('Spam links')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Cara Lind' })).toBeTruthy();
    expect(within(card).getByText('Supporter')).toBeTruthy();

    await userEvent.type(within(card).getByRole('textbox', { name: 'Note (optional)' }), 'Removed');
    await userEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('There are no open reports.')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'resolved', note: 'Removed' }]);

    await userEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const resolved = await screen.findByRole('list', { name: 'Resolved reports' });
    expect(within(resolved).getByText(/Removed/)).toBeTruthy();
    expect(within(resolved).queryByRole('button', { name: 'Resolve' })).toBeNull();
  });
});
