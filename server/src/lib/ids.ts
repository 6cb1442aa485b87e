import { hash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Short, URL-safe random id (12 characters from a 57-letter alphabet, ~70 bits). */
export function newId(length = 12): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    // Reject values that would bias the modulo.
    if (b < 228) out += ALPHABET[b % ALPHABET.length];
  }
  return out.length === length ? out : newId(length);
}

/** A secret for cookies and mailed links; only its hash is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256, one-shot: a session's cookie is hashed on every signed-in request. */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}
