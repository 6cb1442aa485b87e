import { lazy, Suspense } from 'react';
import styles from './markdown.module.css';

/**
 * Markdown written by people (reviews, list descriptions, comments).
 *
 * Rules, for every place that shows user text:
 * - raw HTML is never rendered (it is dropped, not interpreted);
 * - links to a path ('/release/1') or to this site's own host stay in the app;
 *   any other link opens in a new tab and carries no referrer or ranking;
 * - images are shown as links to the image, never loaded;
 * - headings are renumbered under the page's own (from h3, no level skipped),
 *   so a review never outranks them nor breaks the page's outline.
 *
 * The parser is loaded on first use, so pages that only need plain excerpts
 * (`markdownExcerpt`) never download it.
 */

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

export interface MarkdownProps {
  /** The markdown source. */
  children: string;
  className?: string;
  /** Link `@username` mentions to the profiles (comments). */
  mentions?: boolean;
}

export function Markdown({ children, className, mentions = false }: MarkdownProps) {
  return (
    <div className={className ? `${styles.markdown} ${className}` : styles.markdown}>
      {/* Until the parser arrives the text shows plainly, so the layout barely moves. */}
      <Suspense fallback={<p className={styles.fallback}>{markdownToPlainText(children)}</p>}>
        <MarkdownRenderer source={children} mentions={mentions} />
      </Suspense>
    </div>
  );
}

// ---- links ------------------------------------------------------------------

/**
 * Where a link in user text goes:
 * - 'route': a page of the app, followed by the router (`to` is path+search+hash);
 * - 'document': this site but not a page (media files, the API, a '#fragment'),
 *   a plain link in the same tab;
 * - 'external': anywhere else, opened in a new tab.
 */
export type MarkdownLink =
  | { kind: 'route'; to: string }
  | { kind: 'document'; href: string }
  | { kind: 'external'; href: string };

/** Paths the server answers itself; the app's router has no page for them. */
const SERVER_PATHS = /^\/(?:api|media|assets|socket\.io)(?:[/?#]|$)/;

/** 'example.com/x' or 'www.example.com': a site written without its scheme. */
const BARE_DOMAIN = /^[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}(?:[/?#:]|$)/i;

function samePath(path: string): MarkdownLink {
  return SERVER_PATHS.test(path) ? { kind: 'document', href: path } : { kind: 'route', to: path };
}

/**
 * Classifies a link of user text; null when it has no usable target (the
 * renderer has already blanked unsafe schemes such as `javascript:`).
 */
export function classifyLink(
  href: string | null | undefined,
  host: string = window.location.host,
): MarkdownLink | null {
  const value = href?.trim();
  if (!value) return null;
  if (value.startsWith('#')) return { kind: 'document', href: value };
  // '/x' is a path; '//x' and '/\x' are other hosts in browsers' eyes.
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    return samePath(value);
  }
  if (BARE_DOMAIN.test(value)) return { kind: 'external', href: `https://${value}` };

  let url: URL;
  try {
    url = new URL(value, `${window.location.protocol}//${host}/`);
  } catch {
    return null;
  }
  const isWeb = url.protocol === 'http:' || url.protocol === 'https:';
  if (isWeb && url.host === host) return samePath(`${url.pathname}${url.search}${url.hash}`);
  return { kind: 'external', href: url.href };
}

/** rel of links that leave the site: no opener, no referrer, no endorsement. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow ugc';

// ---- plain text -------------------------------------------------------------

/**
 * The readable text of markdown, without markup: for excerpts, previews and
 * descriptions. Deliberately small (not a parser): it removes the common
 * syntax and keeps the words, which is all an excerpt needs.
 */
export function markdownToPlainText(source: string): string {
  return (
    source
      .replace(/\r\n?/g, '\n')
      // Fenced code: keep the code, drop the fences.
      .replace(/^[ \t]*(?:```|~~~).*$/gm, '')
      // HTML tags and comments are never shown.
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      // Images and links keep their text; reference definitions go.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/^[ \t]{0,3}\[[^\]]+\]:[ \t]*\S.*$/gm, '')
      // Block markers at line starts: headings, quotes, list bullets, rules.
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]{0,3}(?:>[ \t]?)+/gm, '')
      .replace(/^[ \t]{0,3}(?:[-*_][ \t]*){3,}$/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
      // Emphasis and code spans.
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/\*(\S(?:.*?\S)?)\*/g, '$1')
      // Underscores only around words, so snake_case names survive.
      .replace(/(^|[^\w])__?(\S(?:.*?\S)?)__?(?=[^\w]|$)/gm, '$1$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/`+([^`]*)`+/g, '$1')
      // Backslash escapes.
      .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1')
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The first `maxLength` characters of the text, cut at a word, with '…' when cut. */
export function markdownExcerpt(source: string, maxLength = 240): string {
  // On one line, a heading or list item would run into the next words:
  // end each with a full stop unless it already has closing punctuation.
  const marked = source.replace(
    /^([ \t]{0,3}(?:#{1,6}|[-*+]|\d+[.)])[ \t]+.*?)[ \t#]*$/gm,
    (line: string, content: string) => (/[.!?:;,…]$/.test(content) ? content : `${content}.`),
  );
  const text = markdownToPlainText(marked).replace(/\s+/g, ' ');
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const end = lastSpace > maxLength * 0.6 ? lastSpace : maxLength;
  return `${cut.slice(0, end).replace(/[\s.,;:!?-]+$/, '')}…`;
}
