import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultThemes } from '@earmark/common';
import { buildApp } from '../app';
import { createRelease } from '../../test/catalogue-factories';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/helpers';
import { member, type Member } from '../features/entries/test-support';

const BAD = (p: string) => `${p} must not contain NUL characters or unpaired surrogates`;

interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** A logger at info level that keeps every line. */
function captureLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as LogLine);
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const INFO = 30;
const ERROR = 50;

describe('NUL and unpaired surrogates in requests', () => {
  let t: TestApp;
  let webDir: string;
  const log = captureLog();
  let me: Member;
  let releaseId: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><!--meta-start--><title>Earmark</title><!--meta-end--></head><body></body></html>',
    );
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir }, deps: { logger: log.logger } });
    me = await member(t);
    releaseId = (await createRelease(t.db)).id;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie: me.cookie },
      ...(payload ? { payload } : {}),
    });

  const expect400 = async (res: Awaited<ReturnType<typeof send>>, messages: string[]) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: messages });
  };

  it('refuses them in path parameters', async () => {
    await expect400(await send('GET', '/api/releases/%00'), [BAD('id')]);
    await expect400(await send('GET', '/api/artists/a%00b'), [BAD('id')]);
    await expect400(await send('GET', '/api/entries/user/%00/ratings'), [BAD('id')]);
    await expect400(await send('GET', '/api/users/username/%00'), [BAD('username')]);
    await expect400(await send('GET', '/api/auth/confirm/%00'), [BAD('token')]);
    await expect400(await send('POST', `/api/entries/track/${releaseId}/%00`, { vote: 1 }), [
      BAD('id'),
    ]);
  });

  it('refuses them in query strings', async () => {
    await expect400(await send('GET', '/api/entries?releaseId=%00'), [BAD('releaseId')]);
    await expect400(await send('GET', '/api/entries?tag=x%00'), [BAD('tag')]);
  });

  it('refuses them in bodies', async () => {
    await expect400(
      await send('POST', '/api/auth/login', { email: 'a\u0000@example.com', password: 'x' }),
      [BAD('email')],
    );
    await expect400(
      await send('POST', '/api/auth/signup', {
        email: 'new@example.com',
        username: 'new\u0000one',
        password: 'long enough \ud800',
      }),
      [BAD('username'), BAD('password')],
    );
    await expect400(await send('POST', '/api/entries', { releaseId, review: 'Great\u0000' }), [
      BAD('review'),
    ]);
    await expect400(await send('POST', '/api/entries', { releaseId, review: 'Great \udfff' }), [
      BAD('review'),
    ]);
    await expect400(await send('POST', '/api/entries/user/tags', { name: 'x\u0000' }), [
      BAD('name'),
    ]);
    await expect400(
      await send('PATCH', `/api/users/${me.user.id}/update-profile`, {
        username: me.user.username,
        name: 'Ann\u0000',
      }),
      [BAD('name')],
    );
  });

  it('refuses a lone surrogate in the theme preset', async () => {
    const colors = defaultThemes.light.colors;
    for (const preset of ['\ud800', 'blue\udbff', '\u0000']) {
      await expect400(
        await send('PATCH', `/api/users/${me.user.id}/update-theme`, { preset, colors }),
        [BAD('preset')],
      );
    }
    const fine = await send('PATCH', `/api/users/${me.user.id}/update-theme`, {
      preset: 'custom 🎨',
      colors,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('serves a page address with NUL as a page without a preview', async () => {
    for (const url of ['/release/%00', '/artist/%00', '/label/x%00', '/genre/%00', '/%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Earmark</title>');
    }
  });

  it('never wrote SQL or query values to the log', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.filter((l) => l.level >= ERROR)).toEqual([]);
    const text = JSON.stringify(log.lines);
    expect(text).not.toMatch(/select |insert |update |params|Failed query/i);
  });
});

describe('an unexpected database error', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const log = captureLog();

  beforeAll(async () => {
    t = await buildTestApp();
    // A second app on the same database, with one route whose query fails.
    app = await buildApp({ config: t.config, database: t.database, logger: log.logger });
    app.get('/api/test/fails', async () => {
      await t.db.execute(sql`select ${'secret-value\u0000'}::text as broken`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers 500 without details and logs it at error level without the query values', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/fails' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong',
    });
    const errors = log.lines.filter((l) => l.level >= ERROR);
    expect(errors.length).toBeGreaterThan(0);
    const failed = errors.find((l) => l.msg === 'request failed')!;
    const err = failed.err as Record<string, unknown>;
    expect(err.message).toBe('Failed query');
    expect(String(err.query)).toContain('as broken');
    // The database's own reason is kept, for whoever reads the log.
    expect(JSON.stringify(err.cause)).toMatch(/0x00|22021/);
    expect(JSON.stringify(log.lines)).not.toContain('secret-value');
    const info = log.lines.filter((l) => l.level <= INFO);
    expect(JSON.stringify(info)).not.toMatch(/select |broken|params/i);
  });
});
