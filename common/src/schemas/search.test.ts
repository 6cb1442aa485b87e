import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE_DEFAULT, SEARCH_TYPES, searchQuerySchema } from './search';

describe('searchQuerySchema', () => {
  it('reads no type as every type, one as a list of one, and drops repeats', () => {
    expect(searchQuerySchema.parse({ q: 'bjork' })).toEqual({
      q: 'bjork',
      type: [...SEARCH_TYPES],
      page: 1,
      pageSize: SEARCH_PAGE_SIZE_DEFAULT,
    });
    expect(searchQuerySchema.parse({ q: 'x', type: 'users' }).type).toEqual(['users']);
    expect(searchQuerySchema.parse({ q: 'x', type: ['labels', 'users', 'labels'] }).type).toEqual([
      'labels',
      'users',
    ]);
  });

  it('refuses a blank query and a page past the results it ranks', () => {
    const messages = (input: unknown) =>
      searchQuerySchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ q: '\u200b ' })).toEqual(['Search query must not be empty']);
    expect(messages({ q: 'x', page: '21' })).toEqual(['page must not be greater than 20']);
  });
});
