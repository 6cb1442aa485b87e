import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import type { CurrentUser, Theme, UpdateProfileInput } from '@earmark/common';
import { siteOrigin } from './env';
import { expectStatus, simulatedClient, type Credentials } from './users';

/** Images the tests upload, kept next to the specs. */
export const FIXTURES_DATA_DIR = path.resolve(import.meta.dirname, '..', 'fixtures-data');
export const AVATAR_PNG = path.join(FIXTURES_DATA_DIR, 'avatar.png');

/**
 * A user's own API client, signed in with a session of its own (separate
 * from any browser). Tests use it to put an account into a state the page
 * under test then shows, without clicking through other pages first.
 */
export interface ApiSession {
  user: CurrentUser;
  request: APIRequestContext;
  me(): Promise<CurrentUser>;
  updateProfile(input: UpdateProfileInput): Promise<CurrentUser>;
  updateTheme(theme: Theme): Promise<CurrentUser>;
  /** Uploads a PNG as the profile picture (the fixture avatar by default). */
  uploadAvatar(file?: string): Promise<CurrentUser>;
  dispose(): Promise<void>;
}

export async function openApiSession(
  baseURL: string,
  credentials: Credentials,
): Promise<ApiSession> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: siteOrigin(baseURL), ...simulatedClient() },
  });
  try {
    const res = await api.post('/api/auth/login', {
      data: { email: credentials.email, password: credentials.password },
    });
    await expectStatus(res, 200, `API login of ${credentials.email}`);
    const { user } = (await res.json()) as { user: CurrentUser };
    const userPath = (action: string) => `/api/users/${encodeURIComponent(user.id)}/${action}`;

    const patchJson = async (action: string, data: unknown): Promise<CurrentUser> => {
      const reply = await api.patch(userPath(action), { data });
      await expectStatus(reply, 200, `PATCH ${action} of ${credentials.email}`);
      return (await reply.json()) as CurrentUser;
    };

    return {
      user,
      request: api,
      async me() {
        const reply = await api.get('/api/users/me');
        await expectStatus(reply, 200, `GET /api/users/me of ${credentials.email}`);
        return (await reply.json()) as CurrentUser;
      },
      updateProfile: (input) => patchJson('update-profile', input),
      updateTheme: (theme) => patchJson('update-theme', theme),
      async uploadAvatar(file = AVATAR_PNG) {
        const reply = await api.patch(userPath('update-image'), {
          multipart: {
            image: {
              name: path.basename(file),
              mimeType: 'image/png',
              buffer: await readFile(file),
            },
          },
        });
        await expectStatus(reply, 200, `Avatar upload of ${credentials.email}`);
        return (await reply.json()) as CurrentUser;
      },
      dispose: () => api.dispose(),
    };
  } catch (error) {
    await api.dispose();
    throw error;
  }
}
