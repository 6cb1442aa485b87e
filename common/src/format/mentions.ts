import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants';

/**
 * Mentions in a comment: `@username`, with the characters a username may
 * have (letters, digits, '.', '_', '-'), not preceded by one of them (so an
 * email address is no mention). Periods that end the name are taken as the
 * sentence's ('thanks @ana.' mentions ana). The server notifies the people
 * named; the web links the same names to their profiles.
 */
const MENTION_PATTERN = /(?<![A-Za-z0-9._-])@([A-Za-z0-9._-]+)/g;

export interface MentionMatch {
  /** Where the '@' is in the text. */
  index: number;
  /** The name as written, without the '@' and the periods that end it. */
  username: string;
}

/** Every mention in the text, in order, duplicates included. */
export function findMentions(text: string): MentionMatch[] {
  const found: MentionMatch[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const username = match[1]!.replace(/\.+$/, '');
    if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) continue;
    found.push({ index: match.index, username });
  }
  return found;
}

/** The names mentioned in the text, lower-cased, each once, in the order they first appear. */
export function mentionedUsernames(text: string): string[] {
  return [...new Set(findMentions(text).map((m) => m.username.toLowerCase()))];
}
