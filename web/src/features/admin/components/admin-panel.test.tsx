import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountStatus, ContributorStatus, LAST_ADMIN_MESSAGE } from '@earmark/common';
import type { UserProfile } from '@earmark/common';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeProfile } from '../../users/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = makeUser({ id: 'a1', username: 'root', contributorStatus: ContributorStatus.ADMIN });

const profileOf = (overrides: Partial<UserProfile> = {}): UserProfile =>
  makeProfile({
    contributorStatus: ContributorStatus.CONTRIBUTOR,
    accountStatus: AccountStatus.CONFIRMED,
    ...overrides,
  });

const { accountStatus: _hidden, ...publicBen } = profileOf();

async function openTools() {
  await userEvent.click(await screen.findByRole('button', { name: 'Admin tools' }));
  return screen.getByRole('region', { name: 'Admin tools' });
}

describe('admin tools on a profile', () => {
  it('are not there for anyone but admins', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ contributorStatus: ContributorStatus.EDITOR })),
      'GET /api/users/username/ben': json(200, { ...publicBen }),
    });
    renderApp('/ben');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben Carter' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Admin tools' })).toBeNull();
  });

  it('ban only after a confirmation, then the profile shows the ban', async () => {
    let profile = profileOf();
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/users/username/ben': () => json(200, profile),
      'PATCH /api/admin/user/account-status': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        profile = profileOf({ accountStatus: AccountStatus.BANNED });
        const { counts: _c, ...user } = profile;
        return json(200, { user });
      },
    });
    renderApp('/ben');
    const tools = await openTools();

    await userEvent.selectOptions(
      within(tools).getByRole('combobox', { name: 'Account status' }),
      'Banned',
    );
    await userEvent.click(within(tools).getByRole('button', { name: 'Save account status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Ben Carter?' });
    expect(bodies).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));

    expect(await within(tools).findByText('Account status set to Banned.')).toBeTruthy();
    expect(bodies).toEqual([{ userId: 'u2', status: AccountStatus.BANNED }]);
    const badges = await screen.findByRole('list', { name: 'Badges' });
    expect(await within(badges).findByText('Banned')).toBeTruthy();
  });

  it('says a deletion cannot be undone, and nothing happens on Cancel', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/users/username/ben': json(200, profileOf()),
      'PATCH /api/admin/user/account-status': (_url, init) => {
        bodies.push(init.body);
        return json(200, { user: publicBen });
      },
    });
    renderApp('/ben');
    const tools = await openTools();
    await userEvent.selectOptions(
      within(tools).getByRole('combobox', { name: 'Account status' }),
      'Deleted',
    );
    await userEvent.click(within(tools).getByRole('button', { name: 'Save account status' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete Ben Carter's account?" });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toEqual([]);
  });

  it("shows the server's refusal in its words", async () => {
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/users/username/ben': json(200, profileOf({ contributorStatus: 80 })),
      'PATCH /api/admin/user/contributor-status': json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: LAST_ADMIN_MESSAGE,
      }),
    });
    renderApp('/ben');
    const tools = await openTools();
    await userEvent.selectOptions(
      within(tools).getByRole('combobox', { name: 'Contributor status' }),
      'Editor',
    );
    await userEvent.click(within(tools).getByRole('button', { name: 'Save contributor status' }));
    expect((await within(tools).findByRole('alert')).textContent).toBe(LAST_ADMIN_MESSAGE);
  });

  it('sends a message with its link, and asks for a message first', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/users/username/ben': json(200, profileOf()),
      'POST /api/admin/user/notification': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(201, {
          id: 'n1',
          kind: 0,
          message: 'Please read the rules',
          link: '/rules',
          read: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          user: null,
        });
      },
    });
    renderApp('/ben');
    const tools = await openTools();
    await userEvent.click(within(tools).getByRole('button', { name: 'Send message' }));
    expect(
      await within(tools).findByText('message must be longer than or equal to 1 characters'),
    ).toBeTruthy();
    expect(bodies).toEqual([]);

    await userEvent.type(
      within(tools).getByRole('textbox', { name: 'Message' }),
      'Please read the rules',
    );
    await userEvent.type(within(tools).getByRole('textbox', { name: 'Link (optional)' }), '/rules');
    await userEvent.click(within(tools).getByRole('button', { name: 'Send message' }));
    expect(await within(tools).findByText('Message sent to Ben Carter.')).toBeTruthy();
    expect(bodies).toEqual([{ userId: 'u2', message: 'Please read the rules', link: '/rules' }]);
  });
});
