import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE, api, apiUrl, errorMessage } from './api';

function mockFetch(status: number, body?: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? {} : { 'content-type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed reply', async () => {
    const fetchMock = mockFetch(200, { user: { id: 'u1' } });
    const reply = await api.post<{ user: { id: string } }>('/auth/login', { email: 'a@b.co' });

    expect(reply.user.id).toBe('u1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
  });

  it('raises an ApiError with the status and the parsed body', async () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' };
    mockFetch(401, body);

    const error = await api.get('/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('HTTP Error');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body).toEqual(body);
    expect(errorMessage(error)).toBe('Invalid email or password');
  });

  it('shows the first message of a validation list, else a generic one', () => {
    const list = new ApiError(400, {
      message: ['email must be an email', 'password must be a string'],
    });
    expect(errorMessage(list)).toBe('email must be an email');
    expect(errorMessage(new ApiError(500, 'Internal'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong');
  });

  it('answers undefined for an empty 204 reply', async () => {
    mockFetch(204);
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });

  it('sends multipart uploads without a JSON content type', async () => {
    const fetchMock = mockFetch(200, { id: 'u1' });
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.upload('/users/u1/update-image', form, { method: 'PATCH' });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('builds query strings, repeating arrays and dropping empty values', () => {
    expect(
      apiUrl('/search', { q: 'kid a', type: ['release', 'artist'], page: 2, x: undefined, y: '' }),
    ).toBe('/api/search?q=kid+a&type=release&type=artist&page=2');
    expect(apiUrl('/users/me')).toBe('/api/users/me');
  });
});
