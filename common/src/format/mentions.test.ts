import { describe, expect, it } from 'vitest';
import { findMentions, mentionedUsernames } from './mentions';

describe('mentions', () => {
  it('finds @username with username characters, once each and case-insensitively', () => {
    expect(mentionedUsernames('@Ana and @bob_1, also @ANA and (@c.d-e)')).toEqual([
      'ana',
      'bob_1',
      'c.d-e',
    ]);
  });

  it('leaves email addresses, too short or too long names and bare @ alone', () => {
    expect(mentionedUsernames('write to me@example.com or @ab @ @' + 'x'.repeat(31))).toEqual([]);
  });

  it('takes a period that ends the name as the sentence’s', () => {
    expect(findMentions('thanks @ana.')).toEqual([{ index: 7, username: 'ana' }]);
    expect(mentionedUsernames('@ana.b...')).toEqual(['ana.b']);
  });
});
