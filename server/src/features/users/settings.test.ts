import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExplicitCoverArt, msg } from '@earmark/common';
import {
  assertNoSecrets,
  buildTestApp,
  createUser,
  login,
  TEST_ORIGIN,
  uniqueName,
  type TestApp,
} from '../../../test/helpers';

const theme = {
  preset: 'custom',
  colors: {
    background: '#101010',
    background_sub: '#202020',
    primary: '#3366ff',
    highlight: '#ffcc00',
    text: '#ffffff',
    text_sub: '#cccccc',
    error: '#ff3333',
  },
};

describe('users: account settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
    const { user, password } = await createUser(t.db, overrides);
    return { user, cookie: await login(t.app, user.email, password) };
  }

  const patch = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'PATCH',
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });

  describe('update-profile', () => {
    it('changes the username and name of the signed-in user', async () => {
      const { user, cookie } = await signedIn();
      const username = uniqueName('new');
      const res = await patch(
        `/api/users/${user.id}/update-profile`,
        { username, name: 'New Name' },
        cookie,
      );
      expect(res.statusCode).toBe(200);
      assertNoSecrets(res.body);
      expect(res.json()).toMatchObject({ id: user.id, username, name: 'New Name' });
      expect(res.json().email).toBe(user.email);

      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ username, name: 'New Name' });

      // An empty name clears it.
      const cleared = await patch(
        `/api/users/${user.id}/update-profile`,
        { username, name: '' },
        cookie,
      );
      expect(cleared.json().name).toBeNull();
    });

    it('lets only the owner change an account', async () => {
      const { user: other } = await createUser(t.db);
      const { cookie } = await signedIn();
      const body = { username: uniqueName(), name: 'Hijack' };

      const res = await patch(`/api/users/${other.id}/update-profile`, body, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only change your own account');

      const out = await patch(`/api/users/${other.id}/update-profile`, body);
      expect(out.statusCode).toBe(401);

      const profile = await t.app.inject({
        method: 'GET',
        url: `/api/users/username/${other.username}`,
      });
      expect(profile.json().name).toBeNull();
    });

    it('refuses reserved and taken usernames', async () => {
      const { user, cookie } = await signedIn();
      const url = `/api/users/${user.id}/update-profile`;

      const reserved = await patch(url, { username: 'Settings' }, cookie);
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json().message).toBe('Username is not available');

      const { user: holder } = await createUser(t.db, { username: uniqueName('Taken') });
      const taken = await patch(url, { username: holder.username.toUpperCase() }, cookie);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('Username is already taken');

      // Changing the case of one's own name is fine.
      const recased = await patch(url, { username: user.username.toUpperCase() }, cookie);
      expect(recased.statusCode).toBe(200);
      expect(recased.json().username).toBe(user.username.toUpperCase());
    });

    it('answers invalid input with the validation messages', async () => {
      const { user, cookie } = await signedIn();
      const url = `/api/users/${user.id}/update-profile`;

      const short = await patch(url, { username: 'ab' }, cookie);
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toEqual([msg.minLength('username', 3)]);

      const spaced = await patch(url, { username: 'has space' }, cookie);
      expect(spaced.json().message).toEqual([msg.username]);

      const long = await patch(url, { username: user.username, name: 'x'.repeat(61) }, cookie);
      expect(long.json().message).toEqual([msg.maxLength('name', 60)]);

      const missing = await patch(url, {}, cookie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toEqual([msg.string('username')]);
    });
  });

  describe('update-preferences', () => {
    it('stores the allowed explicit cover art kinds without duplicates', async () => {
      const { user, cookie } = await signedIn();
      const url = `/api/users/${user.id}/update-preferences`;
      const res = await patch(
        url,
        {
          allowExplicitCoverArt: [
            ExplicitCoverArt.NUDITY,
            ExplicitCoverArt.BLOOD_GORE,
            ExplicitCoverArt.NUDITY,
          ],
        },
        cookie,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().allowExplicitCoverArt).toEqual(['NUDITY', 'BLOOD_GORE']);

      const none = await patch(url, { allowExplicitCoverArt: [] }, cookie);
      expect(none.json().allowExplicitCoverArt).toEqual([]);
    });

    it('refuses unknown kinds and other accounts', async () => {
      const { user, cookie } = await signedIn();
      const bad = await patch(
        `/api/users/${user.id}/update-preferences`,
        { allowExplicitCoverArt: ['VIOLENCE'] },
        cookie,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message[0]).toMatch(/^allowExplicitCoverArt must be one of/);

      const { user: other } = await createUser(t.db);
      const res = await patch(
        `/api/users/${other.id}/update-preferences`,
        { allowExplicitCoverArt: [] },
        cookie,
      );
      expect(res.statusCode).toBe(403);
    });
  });

  describe('update-theme', () => {
    it('saves the theme to the account', async () => {
      const { user, cookie } = await signedIn();
      const res = await patch(`/api/users/${user.id}/update-theme`, theme, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().theme).toEqual(theme);

      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.json().theme).toEqual(theme);
    });

    it('refuses an invalid colour, another account and a visitor', async () => {
      const { user, cookie } = await signedIn();
      const bad = await patch(
        `/api/users/${user.id}/update-theme`,
        { ...theme, colors: { ...theme.colors, primary: 'blue' } },
        cookie,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(['"primary" must be a valid hex color string']);

      const { user: other } = await createUser(t.db);
      const res = await patch(`/api/users/${other.id}/update-theme`, theme, cookie);
      expect(res.statusCode).toBe(403);
      expect((await patch(`/api/users/${other.id}/update-theme`, theme)).statusCode).toBe(401);
    });
  });
});
