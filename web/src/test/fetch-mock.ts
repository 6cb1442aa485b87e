import { vi } from 'vitest';
import type { CurrentUser } from '@earmark/common';
import { checkReply } from './api-contract';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces the network (the only thing the web tests fake): `routes` maps
 * 'METHOD /api/path' to a reply; anything else answers 404. Successful JSON
 * replies must match the API's shared schemas (see api-contract.ts).
 */
export function mockApi(routes: Record<string, Handler | Response | (() => Response)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) return json(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
    const reply = route instanceof Response ? route.clone() : await route(url, init);
    await checkReply(key, reply);
    return reply;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedOut = () =>
  json(401, { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' });

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    username: 'mira',
    name: 'Mira Stone',
    image: null,
    supporter: 0,
    contributorStatus: 20,
    accountStatus: 20,
    createdAt: '2026-01-01T00:00:00.000Z',
    email: 'mira@example.com',
    allowExplicitCoverArt: [],
    theme: null,
    ...overrides,
  };
}
