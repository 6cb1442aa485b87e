import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@earmark/common';

/**
 * `@username` in user text, as a link to the profile. A mention starts after
 * a space or punctuation (not inside an email address or a path) and ends
 * before a closing full stop, so 'thanks @mira.' names 'mira'.
 */
const MENTION = /(^|[^A-Za-z0-9_@./-])@([A-Za-z0-9._-]*[A-Za-z0-9_-])/g;

/** The markdown tree as far as mentions need it (mdast). */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/** Text that never holds a mention link: code, and the text of links already there. */
const SKIPPED = new Set(['code', 'inlineCode', 'link', 'linkReference', 'html']);

/** Splits one text node at its mentions; null when it has none. */
export function splitMentions(text: string): MdNode[] | null {
  const parts: MdNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(MENTION)) {
    const [, before = '', username = ''] = match;
    if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) continue;
    const start = match.index + before.length;
    if (start > rest) parts.push({ type: 'text', value: text.slice(rest, start) });
    parts.push({
      type: 'link',
      url: `/${encodeURIComponent(username)}`,
      children: [{ type: 'text', value: `@${username}` }],
    });
    rest = start + 1 + username.length;
  }
  if (parts.length === 0) return null;
  if (rest < text.length) parts.push({ type: 'text', value: text.slice(rest) });
  return parts;
}

function linkMentions(node: MdNode): void {
  if (!node.children || SKIPPED.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value) return splitMentions(child.value) ?? [child];
    linkMentions(child);
    return [child];
  });
}

/** A remark plugin: mentions in the text become links to the people's profiles. */
export function remarkMentions() {
  return (tree: unknown) => linkMentions(tree as MdNode);
}
