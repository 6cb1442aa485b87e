import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the mails the server writes to DATA_DIR/outbox/*.eml when no SMTP_URL
 * is set. A small MIME reader is enough here: headers (folded lines and
 * encoded words), multipart bodies, and quoted-printable or base64 parts.
 */

export interface Mail {
  file: string;
  to: string[];
  subject: string;
  /** Decoded text of every text/* part. */
  text: string;
  /** Every http(s) link in the text, in order of appearance, without duplicates. */
  links: string[];
}

export type LinkPattern = RegExp | string;

interface Part {
  headers: Map<string, string>;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 200;

function parsePart(raw: string): Part {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  // Lines starting with white space continue the previous header (folding).
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Turns every '=XX' into its byte and reads the bytes as UTF-8. */
function decodeHexEscapes(input: string): string {
  const bytes = input.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Quoted-printable: '=\n' is a soft line break, '=XX' a byte, trailing blanks are padding. */
export function decodeQuotedPrintable(input: string): string {
  return decodeHexEscapes(input.replace(/[ \t]+$/gm, '').replace(/=\n/g, ''));
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as used for non-ASCII subjects. */
function decodeHeader(value: string): string {
  // White space between two encoded words is not part of the text.
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(
      /=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g,
      (_, _charset: string, kind: string, data: string) =>
        kind.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeHexEscapes(data.replace(/_/g, ' ')),
    );
}

function collectText(part: Part, out: string[]): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = headerParam(type, 'boundary');
  if (/^multipart\//i.test(type) && boundary) {
    const sections = `\n${part.body}`.split(`\n--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break; // closing delimiter
      // Skip what follows the delimiter on its line (transport padding).
      collectText(parsePart(section.slice(section.indexOf('\n') + 1)), out);
    }
    return;
  }
  if (/^text\//i.test(type)) {
    out.push(decodeBody(part.body, part.headers.get('content-transfer-encoding')));
  }
}

function addresses(value: string | undefined): string[] {
  return (value?.match(/[^\s<>,;:"']+@[^\s<>,;:"']+/g) ?? []).map((a) => a.toLowerCase());
}

export function extractLinks(text: string): string[] {
  const found = (text.match(/https?:\/\/[^\s"'<>()]+/g) ?? []).map((link) =>
    link.replace(/&amp;/g, '&').replace(/[.,;:!?]+$/, ''),
  );
  return [...new Set(found)];
}

export function parseMail(raw: string, file = ''): Mail {
  const message = parsePart(raw.replace(/\r\n?/g, '\n'));
  const texts: string[] = [];
  collectText(message, texts);
  const text = texts.join('\n');
  return {
    file,
    to: [...addresses(message.headers.get('to')), ...addresses(message.headers.get('cc'))],
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    links: extractLinks(text),
  };
}

function matches(link: string, pattern: LinkPattern): boolean {
  return typeof pattern === 'string' ? link.includes(pattern) : link.search(pattern) !== -1;
}

/**
 * A file changed this recently may still be being written; it is read on the
 * next poll, so a half-written link is never returned.
 */
const SETTLE_MS = 100;

/** Every settled mail in the outbox addressed to `email`, newest first. */
export async function mailsTo(outboxDir: string, email: string): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return []; // no mail sent yet
  }
  const now = Date.now();
  const files = (
    await Promise.all(
      names.map(async (name) => {
        const file = path.join(outboxDir, name);
        const mtime = await stat(file).then(
          (s) => s.mtimeMs,
          () => null,
        );
        return mtime === null || now - mtime < SETTLE_MS ? [] : [{ file, name, mtime }];
      }),
    )
  ).flat();
  files.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
  const wanted = email.toLowerCase();
  const mails: Mail[] = [];
  for (const { file } of files) {
    const raw = await readFile(file, 'utf8');
    if (!raw.toLowerCase().includes(wanted)) continue; // cheap filter before parsing
    const mail = parseMail(raw, file);
    if (mail.to.includes(wanted)) mails.push(mail);
  }
  return mails;
}

/**
 * Waits for a mail to `email` holding a link that matches `pattern` and
 * returns that link, taken from the newest such mail.
 */
export async function waitForMailLink(
  outboxDir: string,
  email: string,
  pattern: LinkPattern,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let seen: Mail[];
  for (;;) {
    seen = await mailsTo(outboxDir, email);
    for (const mail of seen) {
      const link = mail.links.find((l) => matches(l, pattern));
      if (link) return link;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const subjects = seen.map((m) => `"${m.subject}"`).join(', ') || 'none';
  throw new Error(
    `No mail to ${email} with a link matching ${String(pattern)} in ${outboxDir} after ${timeoutMs} ms (mails to this address: ${subjects}).`,
  );
}
