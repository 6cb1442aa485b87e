import { describe, expect, it } from 'vitest';
import { createListSchema, listsQuerySchema, updateListItemSchema } from './lists';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('list shapes', () => {
  it('creates a draft with the defaults', () => {
    expect(createListSchema.parse({ title: 'Best of 1977' })).toEqual({
      title: 'Best of 1977',
      grid: false,
      ranked: false,
    });
  });

  it('refuses a blank, long or NUL title in the product wording', () => {
    expect(messages(createListSchema.safeParse({ title: ' \u200b ' }))).toEqual([
      'title must be longer than or equal to 1 characters',
    ]);
    expect(messages(createListSchema.safeParse({ title: 'x'.repeat(151) }))).toEqual([
      'title must be shorter than or equal to 150 characters',
    ]);
    expect(messages(createListSchema.safeParse({ title: 'a\0b' }))).toEqual([
      'title must not contain NUL characters or unpaired surrogates',
    ]);
    expect(messages(createListSchema.safeParse({ title: 'ok', grid: 'yes' }))).toEqual([
      'grid must be a boolean value',
    ]);
  });

  it('limits notes and sorts', () => {
    expect(messages(updateListItemSchema.safeParse({ note: 'x'.repeat(5001) }))).toEqual([
      'note must be shorter than or equal to 5000 characters',
    ]);
    expect(messages(listsQuerySchema.safeParse({ sortBy: 'old' }))).toEqual([
      'sortBy must be one of the following values: new, popular, updatedDate',
    ]);
  });
});
