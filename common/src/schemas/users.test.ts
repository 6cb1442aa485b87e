import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { updatePreferencesSchema, updateProfileSchema } from './users';

function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

describe('updateProfileSchema', () => {
  it('accepts a username and a trimmed display name', () => {
    expect(updateProfileSchema.parse({ username: 'ana', name: '  Ana B  ' })).toEqual({
      username: 'ana',
      name: 'Ana B',
    });
  });

  it('lets the display name be left out or cleared', () => {
    expect(updateProfileSchema.safeParse({ username: 'ana' }).success).toBe(true);
    expect(updateProfileSchema.parse({ username: 'ana', name: null }).name).toBeNull();
    expect(updateProfileSchema.parse({ username: 'ana', name: '' }).name).toBe('');
  });

  it('applies the username rules', () => {
    expect(errors(updateProfileSchema, { username: 'ab' })).toEqual({
      username: ['username must be longer than or equal to 3 characters'],
    });
    expect(errors(updateProfileSchema, { username: 'a b c' })).toEqual({
      username: [
        'Username can only contain letters, numbers, dashes, underscores, and periods, and should not contain spaces.',
      ],
    });
  });

  it('caps the display name at 60 characters', () => {
    expect(errors(updateProfileSchema, { username: 'ana', name: 'x'.repeat(61) })).toEqual({
      name: ['name must be shorter than or equal to 60 characters'],
    });
  });
});

describe('updatePreferencesSchema', () => {
  it('accepts any set of content warning kinds, including none', () => {
    expect(updatePreferencesSchema.safeParse({ allowExplicitCoverArt: [] }).success).toBe(true);
    expect(
      updatePreferencesSchema.safeParse({ allowExplicitCoverArt: ['NUDITY', 'BLOOD_GORE'] })
        .success,
    ).toBe(true);
  });

  it('lists the allowed values for an unknown kind', () => {
    expect(errors(updatePreferencesSchema, { allowExplicitCoverArt: ['GORE'] })).toEqual({
      'allowExplicitCoverArt.0': [
        'allowExplicitCoverArt must be one of the following values: NUDITY, EXPLICIT_SEXUAL_CONTENT, BLOOD_GORE, EXPLICIT_HATEFUL_CONTENT',
      ],
    });
  });

  it('needs an array', () => {
    expect(errors(updatePreferencesSchema, { allowExplicitCoverArt: 'NUDITY' })).toEqual({
      allowExplicitCoverArt: ['allowExplicitCoverArt must be an array'],
    });
  });

  it('refuses more entries than there are kinds', () => {
    const repeated = ['NUDITY', 'NUDITY', 'NUDITY', 'NUDITY', 'NUDITY'];
    expect(errors(updatePreferencesSchema, { allowExplicitCoverArt: repeated })).toEqual({
      allowExplicitCoverArt: ['allowExplicitCoverArt must contain no more than 4 elements'],
    });
  });
});
