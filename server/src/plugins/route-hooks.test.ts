import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, TEST_ORIGIN, type TestApp } from '../../test/helpers';

/** Other spellings of `/api` that the router reads as `/api`. */
const SPELLINGS = ['/%61pi', '/%61%70%69', '/a%70i', '/ap%69'];

describe('hooks decide by the matched route, not the raw URL', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // With a built web client, so unknown paths could be answered with its page.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Earmark</title>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const EVIL = 'https://evil.example';

  it('refuses a cross-site login however /api is spelled', async () => {
    const { user, password } = await createUser(t.db);
    for (const prefix of ['/api', ...SPELLINGS]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${prefix}/auth/login`,
        headers: { origin: EVIL },
        payload: { email: user.email, password },
      });
      expect(res.statusCode, prefix).toBe(403);
      expect(res.json().message, prefix).toBe('Cross-site request refused');
      expect(
        res.cookies.filter((c) => c.value),
        prefix,
      ).toEqual([]);
    }
  });

  it('does not let a foreign site end a session through another spelling', async () => {
    const { user, password } = await createUser(t.db);
    const cookie = await login(t.app, user.email, password);
    for (const prefix of SPELLINGS) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${prefix}/auth/logout`,
        headers: { origin: EVIL, cookie },
      });
      expect(res.statusCode, prefix).toBe(403);
      expect(res.cookies, prefix).toEqual([]);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('reads the session on the matched route whatever the spelling', async () => {
    const { user, password } = await createUser(t.db);
    const cookie = await login(t.app, user.email, password);
    for (const prefix of SPELLINGS) {
      const me = await t.app.inject({
        method: 'GET',
        url: `${prefix}/users/me`,
        headers: { cookie },
      });
      expect(me.statusCode, prefix).toBe(200);
      expect(me.json().id, prefix).toBe(user.id);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('answers unknown API paths in any spelling with the JSON 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Earmark</title>');
    for (const prefix of SPELLINGS) {
      const res = await t.app.inject({ method: 'GET', url: `${prefix}/nope` });
      expect(res.statusCode, prefix).toBe(404);
      expect(res.json().message, prefix).toBe('Not found');
    }
  });
});
