import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { fetchImageUrl, nonPublicRange } from './image-url';

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** The AppError `p` is refused with. */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  await expect(p).rejects.toBeInstanceOf(AppError);
  return (await p.catch((e: unknown) => e)) as AppError;
}

describe('nonPublicRange', () => {
  it('lets public unicast addresses through', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:8.8.8.8']) {
      expect(nonPublicRange(a), a).toBeNull();
    }
  });

  it('refuses loopback, private, link-local, CGNAT, metadata and reserved addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '240.0.0.1',
      '::',
      '::1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      // IPv4 carried in IPv6: mapped, compatible, translated, NAT64, 6to4.
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a00:1',
      '::7f00:1',
      '::ffff:0:a00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      'not an address',
    ];
    for (const a of refused) expect(nonPublicRange(a), a).not.toBeNull();
  });

  it('lets NAT64 and 6to4 forms of public addresses through', () => {
    expect(nonPublicRange('64:ff9b::808:808')).toBeNull();
    expect(nonPublicRange('2002:808:808::1')).toBeNull();
  });
});

describe('fetchImageUrl', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  const allow = { allowHosts: ['127.0.0.1'] };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      switch (u.pathname) {
        case '/cover.png':
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(PNG_BYTES);
          return;
        case '/redirect':
          res.writeHead(302, { location: u.searchParams.get('to') ?? '/cover.png' });
          res.end();
          return;
        case '/loop': {
          const n = Number(u.searchParams.get('n') ?? '0');
          res.writeHead(301, { location: `/loop?n=${n + 1}` });
          res.end();
          return;
        }
        case '/big': {
          // No content-length: the limit must hold while streaming.
          res.writeHead(200, { 'content-type': 'image/png' });
          const chunk = Buffer.alloc(1024, 1);
          for (let i = 0; i < 8; i++) res.write(chunk);
          res.end();
          return;
        }
        case '/big-declared':
          res.writeHead(200, { 'content-type': 'image/png', 'content-length': '8192' });
          res.end(Buffer.alloc(8192, 1));
          return;
        case '/slow':
          // Never answers; the fetch's own deadline must end it.
          return;
        case '/missing':
          res.writeHead(404);
          res.end();
          return;
        default:
          res.writeHead(500);
          res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fetches from an allowed host, following a redirect', async () => {
    expect(await fetchImageUrl(`${base}/cover.png`, allow)).toEqual(PNG_BYTES);
    expect(await fetchImageUrl(`${base}/redirect`, allow)).toEqual(PNG_BYTES);
  });

  it('connects by name to the addresses it checked when the name is allowed', async () => {
    const url = `http://localhost:${port}/cover.png`;
    expect(await fetchImageUrl(url, { allowHosts: ['LOCALHOST'] })).toEqual(PNG_BYTES);
  });

  it('refuses loopback, private, metadata and IPv6 loopback hosts when not allowed', async () => {
    const urls = [
      `${base}/cover.png`,
      'http://10.0.0.1/cover.png',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/cover.png`,
      `http://[::ffff:127.0.0.1]:${port}/cover.png`,
    ];
    for (const url of urls) {
      const err = await refusal(fetchImageUrl(url, { allowHosts: [] }));
      expect(err.statusCode, url).toBe(400);
      expect(err.message, url).toMatch(/public address/);
    }
  });

  it('refuses decimal, hex and octal forms of a loopback IPv4 literal', async () => {
    for (const host of ['2130706433', '0x7f.1', '0x7f000001', '017700000001', '127.1']) {
      const err = await refusal(
        fetchImageUrl(`http://${host}:${port}/cover.png`, { allowHosts: [] }),
      );
      expect(err.statusCode, host).toBe(400);
      expect(err.message, host).toMatch(/127\.0\.0\.1 is loopback/);
    }
  });

  it('refuses a name that resolves to loopback when only the address is allowed', async () => {
    const err = await refusal(fetchImageUrl(`http://localhost:${port}/cover.png`, allow));
    expect(err.statusCode).toBe(400);
    expect(err.message).toMatch(/localhost is (loopback|ipv4Mapped)/);
  });

  it('refuses a redirect from an allowed host to a loopback one that is not allowed', async () => {
    for (const to of [
      `http://127.0.0.2:${port}/cover.png`,
      `http://[::1]:${port}/cover.png`,
      `http://localhost:${port}/cover.png`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const url = `${base}/redirect?to=${encodeURIComponent(to)}`;
      const err = await refusal(fetchImageUrl(url, allow));
      expect(err.statusCode, to).toBe(400);
      expect(err.message, to).toMatch(/public address/);
    }
  });

  it('refuses a redirect to another scheme', async () => {
    const url = `${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`;
    const err = await refusal(fetchImageUrl(url, allow));
    expect(err.message).toBe('imageUrl must be an http or https address');
  });

  it('follows at most the allowed number of redirects', async () => {
    const err = await refusal(fetchImageUrl(`${base}/loop`, { ...allow, maxRedirects: 3 }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('imageUrl redirected more than 3 times');
    const chain = `${base}/redirect?to=${encodeURIComponent(`/redirect?to=${encodeURIComponent('/cover.png')}`)}`;
    expect(await fetchImageUrl(chain, { ...allow, maxRedirects: 2 })).toEqual(PNG_BYTES);
    await refusal(fetchImageUrl(chain, { ...allow, maxRedirects: 1 }));
  });

  it('stops reading past the size limit with a 413', async () => {
    for (const path of ['/big', '/big-declared']) {
      const err = await refusal(fetchImageUrl(`${base}${path}`, { ...allow, maxBytes: 4096 }));
      expect(err.statusCode, path).toBe(413);
      expect(err.message, path).toBe('imageUrl is larger than 4096 bytes');
    }
    expect(await fetchImageUrl(`${base}/big`, { ...allow, maxBytes: 8192 })).toHaveLength(8192);
  });

  it('gives up after the time limit', async () => {
    const started = Date.now();
    const err = await refusal(fetchImageUrl(`${base}/slow`, { ...allow, timeoutMs: 150 }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('Timed out fetching imageUrl');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('names the status of an upstream error', async () => {
    const err = await refusal(fetchImageUrl(`${base}/missing`, allow));
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('imageUrl answered with status 404');
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of [
      'ftp://127.0.0.1/cover.png',
      'file:///etc/passwd',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
    ]) {
      const err = await refusal(fetchImageUrl(url, allow));
      expect(err.statusCode, url).toBe(400);
      expect(err.message, url).toBe('imageUrl must be an http or https address');
    }
    const err = await refusal(fetchImageUrl('not a url', allow));
    expect(err.statusCode).toBe(400);
  });
});
