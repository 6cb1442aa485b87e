import { describe, expect, it } from 'vitest';
import { newId, newSecret, sha256 } from './ids';

describe('ids', () => {
  it('hashes as the stored hashes of sessions and mailed links were written: hex SHA-256', () => {
    // FIPS 180-2's example: rows written before keep matching their cookies and links.
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('makes ids of the alphabet and secrets of 32 random bytes', () => {
    expect(newId()).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);
    expect(Buffer.from(newSecret(), 'base64url')).toHaveLength(32);
    expect(newSecret()).not.toBe(newSecret());
  });
});
