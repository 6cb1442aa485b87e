import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../../test/helpers';

/** The sources of one directive of a Content Security Policy. */
function directive(csp: string, name: string): string[] {
  const found = csp.split(';').find((d) => d.trim().split(/\s+/)[0] === name);
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('reports health after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const url of ['/api/health', '/api/nope', '/some/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      // Scripts may talk to this site and its live socket only, not to any WebSocket host.
      expect(directive(csp, 'connect-src'), url).toEqual(["'self'", 'ws://localhost:3000']);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // Served over plain HTTP here, so no HSTS and no upgrade of requests.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('compresses a large answer for a client that accepts it, and only then', async () => {
    const asked = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(asked.rawPayload).toString()).toBe(plain.body);
  });

  it('does not read a compressed request body: a clear 400, nothing done', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('not valid JSON');
    expect(res.cookies).toEqual([]);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not found' });
  });

  it('refuses a cross-site mutation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused');
  });

  it('accepts a same-origin mutation past the origin check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/unknown',
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('platform behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://earmark.example' } });
  });
  afterAll(async () => t?.close());

  it('asks browsers to keep to HTTPS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'wss://earmark.example']);
  });
});
