import { vi } from 'vitest';
import type { Mock } from 'vitest';
import type { CurrentUser } from '@earmark/common';
import { json, makeUser, mockApi } from '../../test/fetch-mock';

type Reply = Parameters<typeof mockApi>[0][string];

/** Fakes the API for a signed-in `user` plus the given routes. */
export function signedInApi(user: CurrentUser = makeUser(), routes: Record<string, Reply> = {}) {
  return mockApi({ 'GET /api/users/me': json(200, user), ...routes });
}

/** The calls a fetch mock received for 'METHOD /api/path', with their bodies. */
export function callsTo(fetchMock: Mock, key: string): { body: unknown }[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const method = (init as RequestInit | undefined)?.method ?? 'GET';
      return `${method} ${new URL(String(input), 'http://localhost').pathname}` === key;
    })
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body;
      return { body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body };
    });
}

/** jsdom has no object URLs; previews only need a stable string. */
export function stubObjectUrls() {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
}
