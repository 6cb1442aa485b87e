/**
 * Test support for the auth tests: a real SMTP receiver, a small MIME reader
 * for the messages it gets (or the outbox writes), and a client that checks
 * every reply for leaked secrets.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { assertNoSecrets, TEST_ORIGIN } from '../../../test/helpers';

export interface ParsedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { head: raw, body: '' };
  return { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable': {
      const joined = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < joined.length; i++) {
        const hex = joined.slice(i + 1, i + 3);
        if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(joined[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Reads the text and HTML parts of a message (multipart/alternative or single part). */
export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const mail: ParsedMail = {
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: '',
    html: '',
  };
  const collect = (type: string, partHeaders: Map<string, string>, content: string) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const chunk of content.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHead(chunk.replace(/^\r?\n/, ''));
        const ph = parseHeaders(part.head);
        collect(ph.get('content-type') ?? 'text/plain', ph, part.body);
      }
      return;
    }
    const decoded = decodeBody(content, partHeaders.get('content-transfer-encoding'));
    if (type.toLowerCase().startsWith('text/html')) mail.html = decoded;
    else if (type.toLowerCase().startsWith('text/plain')) mail.text = decoded;
  };
  collect(headers.get('content-type') ?? 'text/plain', headers, body);
  return mail;
}

/** The links of a mail's plain-text part, each alone on its line. */
export function linksOf(mail: ParsedMail): string[] {
  return mail.text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => /^https?:\/\/\S+$/.test(l));
}

/**
 * A local SMTP server that keeps every message it receives. With `hold`, it
 * reads each message but does not accept it (the sender keeps waiting) until
 * `release()`; `held` counts the messages waiting.
 */
export async function startSmtpReceiver(opts: { hold?: boolean } = {}) {
  const received: ParsedMail[] = [];
  let waiting: (() => void)[] | null = opts.hold ? [] : null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
          callback();
        };
        if (waiting) waiting.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held: () => waiting?.length ?? 0,
    /** Accepts the held messages and every later one at once. */
    release: () => {
      const held = waiting ?? [];
      waiting = null;
      held.forEach((accept) => accept());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `find` returns something, or fails after `timeoutMs`. */
export async function waitFor<T>(
  find: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every message the outbox transport wrote under the data directory. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map(async (f) => parseMail(await fs.readFile(path.join(dir, f), 'utf8'))),
  );
  return mails;
}

/** The newest outbox mail to an address whose subject matches, once it is there. */
export function outboxMail(dataDir: string, to: string, subject: RegExp): Promise<ParsedMail> {
  return waitFor(async () => {
    const mails = await readOutbox(dataDir);
    return mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
  });
}

/** The reply to a request over a rate limit. */
export const TOO_MANY_REQUESTS = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many requests, please try again later.',
};

let ipSeq = 0;
/** A fresh client address, so per-IP limits of one test do not touch another. */
export function nextIp(): string {
  ipSeq += 1;
  return `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

export interface CallOptions {
  payload?: unknown;
  cookie?: string;
  ip?: string;
}

/**
 * app.inject with the site's Origin, an optional session cookie and client
 * address; every reply body is checked for secrets.
 */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    remoteAddress: opts.ip ?? '127.0.0.1',
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
  assertNoSecrets(res.body);
  return res;
}
