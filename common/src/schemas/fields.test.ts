import { describe, expect, it } from 'vitest';
import { defaultThemes } from '../theme/defaults';
import { z } from 'zod';
import {
  dateString,
  email,
  hexColor,
  integer,
  maxItems,
  minItems,
  oneOf,
  queryInt,
  hasOnlyValidCharacters,
  isBlankText,
  text,
} from './fields';
import { loginSchema, passwordSchema } from './auth';
import { reviewBodySchema, tagInputSchema } from './entries';
import { idParamsSchema } from './catalogue';
import { themeSchema } from './theme';
import { updateProfileSchema } from './users';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('text', () => {
  const title = text('title', { min: 1, max: 5 });

  it('gives the length messages', () => {
    expect(messages(title, '')).toEqual(['title must be longer than or equal to 1 characters']);
    expect(messages(title, 'abcdef')).toEqual([
      'title must be shorter than or equal to 5 characters',
    ]);
    expect(messages(title, 'abc')).toEqual([]);
  });

  it('needs a string, with one message even for arrays', () => {
    expect(messages(title, 5)).toEqual(['title must be a string']);
    expect(messages(title, undefined)).toEqual(['title must be a string']);
    expect(messages(title, [])).toEqual(['title must be a string']);
    expect(messages(title, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['title must be a string']);
  });
});

describe('characters every text refuses', () => {
  const nul = 'a\u0000b';
  const lone = 'a\ud800b';

  it('tells NUL and unpaired surrogates from real text', () => {
    expect(hasOnlyValidCharacters('plain, ünïcödé, 日本語 and 😀')).toBe(true);
    expect(hasOnlyValidCharacters(nul)).toBe(false);
    expect(hasOnlyValidCharacters(lone)).toBe(false);
    expect(hasOnlyValidCharacters('\udc00')).toBe(false);
    expect(hasOnlyValidCharacters('\ude00\ud83d')).toBe(false);
  });

  it('refuses them with one clear message, before any other check', () => {
    const title = text('title', { min: 1, max: 5 });
    for (const bad of [nul, lone, '\u0000'.repeat(9)]) {
      expect(messages(title, bad)).toEqual([
        'title must not contain NUL characters or unpaired surrogates',
      ]);
    }
    expect(messages(text('note'), nul)).toEqual([
      'note must not contain NUL characters or unpaired surrogates',
    ]);
  });

  it('is checked by the shared schemas: ids, emails, passwords, reviews, theme presets', () => {
    expect(messages(idParamsSchema, { id: '\u0000' })).toEqual([
      'id must not contain NUL characters or unpaired surrogates',
    ]);
    expect(messages(loginSchema, { email: 'a\u0000@example.com', password: 'x\u0000' })).toEqual([
      'email must not contain NUL characters or unpaired surrogates',
      'password must not contain NUL characters or unpaired surrogates',
    ]);
    expect(messages(reviewBodySchema, 'good\u0000')).toEqual([
      'review must not contain NUL characters or unpaired surrogates',
    ]);
    const colors = defaultThemes.light.colors;
    expect(messages(themeSchema, { preset: '\ud800', colors })).toEqual([
      'preset must not contain NUL characters or unpaired surrogates',
    ]);
  });
});

describe('required text', () => {
  const blanks = [
    '',
    ' ',
    '\n\t ',
    '\u00a0',
    '\u200b',
    '\u200c\u200d\u2060',
    '\ufeff',
    ' \u200b \u3000',
  ];

  it('counts whitespace and zero-width characters as empty', () => {
    for (const b of blanks) expect(isBlankText(b), JSON.stringify(b)).toBe(true);
    for (const t of ['a', ' a ', '\u200ba', '😀', '.']) {
      expect(isBlankText(t), JSON.stringify(t)).toBe(false);
    }
  });

  it('refuses a blank value with the minimum length message', () => {
    for (const b of blanks) {
      expect(messages(reviewBodySchema, b), JSON.stringify(b)).toEqual([
        'review must be longer than or equal to 1 characters',
      ]);
      expect(messages(tagInputSchema, { name: b }), JSON.stringify(b)).toEqual([
        'name must be longer than or equal to 1 characters',
      ]);
    }
    expect(messages(reviewBodySchema, ' A fine record. ')).toEqual([]);
  });

  it('leaves optional text alone and lets every character of a password count', () => {
    expect(messages(text('note', { max: 5 }), ' ')).toEqual([]);
    expect(messages(passwordSchema, ' '.repeat(8))).toEqual([]);
    expect(messages(loginSchema, { email: 'a@example.com', password: ' ' })).toEqual([]);
  });

  it('clears a display name of only invisible characters', () => {
    const parse = (name: string) => updateProfileSchema.parse({ username: 'someone', name }).name;
    expect(parse('\u200b \u200d')).toBe('');
    expect(parse('  Ann ')).toBe('Ann');
  });
});

describe('email', () => {
  it('trims and lower-cases', () => {
    expect(email().parse('  Mixed@Case.ORG ')).toBe('mixed@case.org');
  });

  it('gives one message for a non-string', () => {
    expect(messages(email(), ['a'.repeat(300)])).toEqual(['email must be a string']);
  });

  it('uses the property name in its message', () => {
    expect(messages(email('contact'), 'nope')).toEqual(['contact must be an email']);
    expect(messages(email(), 'nope')).toEqual(['email must be an email']);
  });
});

describe('hexColor', () => {
  it('accepts #rrggbb only', () => {
    expect(messages(hexColor('primary'), '#A1b2C3')).toEqual([]);
    expect(messages(hexColor('primary'), '#abc')).toEqual([
      '"primary" must be a valid hex color string',
    ]);
  });
});

describe('integer', () => {
  const rating = integer('rating', 0, 100);

  it('accepts the bounds', () => {
    expect(rating.parse(0)).toBe(0);
    expect(rating.parse(100)).toBe(100);
  });

  it('says which bound was crossed', () => {
    expect(messages(rating, 101)).toEqual(['rating must not be greater than 100']);
    expect(messages(rating, -1)).toEqual(['rating must not be less than 0']);
  });

  it('needs a whole number', () => {
    expect(messages(rating, 8.5)).toEqual(['rating must be an integer number']);
    expect(messages(rating, '85')).toEqual(['rating must be an integer number']);
    expect(messages(rating, null)).toEqual(['rating must be an integer number']);
  });
});

describe('queryInt', () => {
  const page = queryInt('page', 1, 1000);

  it('reads numbers from query strings', () => {
    expect(page.parse('2')).toBe(2);
  });

  it('gives the product messages', () => {
    expect(messages(page, 'abc')).toEqual(['page must be an integer number']);
    expect(messages(page, '1.5')).toEqual(['page must be an integer number']);
    expect(messages(page, '0')).toEqual(['page must not be less than 1']);
    expect(messages(page, '1001')).toEqual(['page must not be greater than 1000']);
  });
});

describe('dateString', () => {
  const date = dateString('date');

  it.each(['2024-05-01', '2024-02-29', '2024-05-01T12:30:00Z', '2024-05-01T12:30:00.000+02:00'])(
    'accepts %j',
    (value) => {
      expect(messages(date, value)).toEqual([]);
    },
  );

  it.each([
    'yesterday',
    '',
    '05/01/2024',
    '2024-5-1',
    '2024-13-01',
    '2024-00-10',
    '2023-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-05-01Tnonsense',
  ])('refuses %j with the date message', (value) => {
    expect(messages(date, value)).toEqual(['"date" must be a valid date string']);
  });

  it('needs a string', () => {
    expect(messages(date, 20240501)).toEqual(['date must be a string']);
  });
});

describe('oneOf', () => {
  it('lists the allowed values', () => {
    expect(messages(oneOf('vote', ['up', 'down']), 'sideways')).toEqual([
      'vote must be one of the following values: up, down',
    ]);
  });
});

describe('minItems and maxItems', () => {
  const tags = z
    .array(z.string(), { error: 'tags must be an array' })
    .check(minItems('tags', 1), maxItems('tags', 3));

  it('give the array size messages', () => {
    expect(messages(tags, [])).toEqual(['tags must contain at least 1 elements']);
    expect(messages(tags, ['a', 'b', 'c', 'd'])).toEqual([
      'tags must contain no more than 3 elements',
    ]);
    expect(messages(tags, ['a', 'b'])).toEqual([]);
  });

  it('stay quiet when the value is not an array', () => {
    expect(messages(tags, 'abcdef')).toEqual(['tags must be an array']);
    expect(messages(tags, '')).toEqual(['tags must be an array']);
  });
});
