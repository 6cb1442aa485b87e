import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { IMAGE_MAX_BYTES, IMAGE_URL_MAX_REDIRECTS, IMAGE_URL_TIMEOUT_MS } from '@earmark/common';
import { AppError, badRequest, tooLarge } from './errors';

/**
 * Fetching a cover from a URL a contributor gave (`imageUrl`): http(s) only,
 * from public addresses only (the host is resolved and loopback, private,
 * link-local, CGNAT and metadata ranges are refused, IPv4 and IPv6), every
 * redirect checked again (at most IMAGE_URL_MAX_REDIRECTS), at most
 * IMAGE_MAX_BYTES and IMAGE_URL_TIMEOUT_MS. A refusal is a 400 AppError
 * whose message says why (413 for a body past the size limit).
 *
 * The connection goes to the very address that was checked (the socket's
 * lookup answers with it), so a name cannot resolve to a public address for
 * the check and to a private one for the connection.
 */

export interface ImageUrlOptions {
  /** Hosts allowed even when not public (config IMAGE_URL_ALLOW_HOSTS, tests only). */
  allowHosts: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** IPv6 ranges that carry an IPv4 address in their last 32 bits (mapped, translated, NAT64). */
const IPV6_TAIL_EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145']);

/** `[::1]` → `::1`, lower case: how hosts are compared with the allow-list. */
export function normalizeHost(host: string): string {
  const h = host.trim().toLowerCase();
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

function ipv4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * Why `address` may not be fetched from (the name of its special range), or
 * null when it is a public unicast address. IPv6 forms that embed an IPv4
 * address (mapped, compatible, translated, NAT64 64:ff9b::/96, 6to4) are
 * judged by the IPv4 address they carry; every other special range is refused.
 */
export function nonPublicRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? null : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const p = v6.parts;
  let embedded: ipaddr.IPv4 | null = null;
  if (IPV6_TAIL_EMBEDS_IPV4.has(range)) embedded = ipv4FromWords(p[6]!, p[7]!);
  else if (range === 'rfc6052' && p[2] === 0) embedded = ipv4FromWords(p[6]!, p[7]!);
  else if (range === '6to4') embedded = ipv4FromWords(p[1]!, p[2]!);
  else if (range === 'unicast' && p.slice(0, 6).every((w) => w === 0)) {
    // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks).
    embedded = ipv4FromWords(p[6]!, p[7]!);
  }
  if (embedded) {
    const inner = embedded.range();
    return inner === 'unicast' ? null : `${range} of ${inner}`;
  }
  return range === 'unicast' ? null : range;
}

interface VettedAddress {
  address: string;
  family: 4 | 6;
}

interface Vetted {
  url: URL;
  host: string;
  /** Every address the host resolved to, all checked; the connection may use only these. */
  addresses: VettedAddress[];
}

/** Parses and checks one address of the chain: scheme, then every address the host resolves to. */
async function vet(raw: string, base: URL | undefined, allowHosts: Set<string>): Promise<Vetted> {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw badRequest('imageUrl must be a valid http or https address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest('imageUrl must be an http or https address');
  }
  // The WHATWG parser has already turned 0x7f.1, 2130706433 and the like into dotted form.
  const host = normalizeHost(url.hostname);
  if (host === '') throw badRequest('imageUrl must name a host');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw badRequest(`imageUrl host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw badRequest(`imageUrl host ${host} could not be resolved`);
  }
  if (!allowHosts.has(host)) {
    for (const a of addresses) {
      const range = nonPublicRange(a.address);
      if (range) {
        throw badRequest(`imageUrl must point to a public address (${host} is ${range})`);
      }
    }
  }
  return {
    url,
    host,
    addresses: addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })),
  };
}

/**
 * A socket lookup that answers with the vetted addresses whatever it is
 * asked: all of them when the socket tries each in turn, else the first.
 */
function pinnedLookup(addresses: VettedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function get(target: Vetted, signal: AbortSignal): Promise<IncomingMessage> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target.url, {
      method: 'GET',
      // No pooled socket: each hop connects afresh to its own vetted address.
      agent: false,
      lookup: pinnedLookup(target.addresses),
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Earmark cover fetch' },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooBig = () => tooLarge(`imageUrl is larger than ${formatBytes(maxBytes)}`);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooBig();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res) {
    const buf = chunk as Buffer;
    total += buf.length;
    if (total > maxBytes) {
      res.destroy();
      throw tooBig();
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, total);
}

function formatBytes(n: number): string {
  const mb = n / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${n} bytes`;
}

/** The body of the image at `url`, checked as described above; the caller decodes it. */
export async function fetchImageUrl(url: string, options: ImageUrlOptions): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? IMAGE_URL_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? IMAGE_URL_MAX_REDIRECTS;
  const allowHosts = new Set(options.allowHosts.map(normalizeHost));

  const controller = new AbortController();
  const timedOut = () => badRequest('Timed out fetching imageUrl');
  let rejectOnTimeout: (err: AppError) => void = () => {};
  const deadline = new Promise<never>((_resolve, reject) => {
    rejectOnTimeout = reject;
  });
  // Raced below; this keeps a rejection after success from being reported as unhandled.
  deadline.catch(() => {});
  const timer = setTimeout(() => {
    controller.abort();
    rejectOnTimeout(timedOut());
  }, timeoutMs);

  const run = async (): Promise<Buffer> => {
    let target = await vet(url, undefined, allowHosts);
    for (let redirects = 0; ; redirects++) {
      let res: IncomingMessage;
      try {
        res = await get(target, controller.signal);
      } catch (err) {
        if (controller.signal.aborted) throw timedOut();
        throw badRequest(`Could not fetch imageUrl (${(err as Error).message})`);
      }
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && res.headers.location) {
        res.destroy();
        if (redirects >= maxRedirects) {
          throw badRequest(`imageUrl redirected more than ${maxRedirects} times`);
        }
        target = await vet(res.headers.location, target.url, allowHosts);
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw badRequest(`imageUrl answered with status ${status}`);
      }
      try {
        return await readBody(res, maxBytes);
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (controller.signal.aborted) throw timedOut();
        throw badRequest(`Could not fetch imageUrl (${(err as Error).message})`);
      }
    }
  };

  const work = run();
  // After a timeout the race has settled; a later failure of the abandoned work is dropped.
  work.catch(() => {});
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
