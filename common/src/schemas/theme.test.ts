import { describe, expect, it } from 'vitest';
import { themeColorsSchema, themeSchema } from './theme';

const colors = {
  background: '#ffffff',
  background_sub: '#F3F4F6',
  primary: '#2f5bd0',
  highlight: '#0b7a75',
  text: '#1b1d21',
  text_sub: '#5b616b',
  error: '#c62828',
};

function messages(input: unknown): string[] {
  const result = themeColorsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('themeColorsSchema', () => {
  it('accepts 6-digit hex colours in either case', () => {
    expect(themeColorsSchema.parse(colors)).toEqual(colors);
  });

  it.each(['#fff', 'ffffff', '#gggggg', '#ffffff0', 'red', 'rgb(0,0,0)', '', '#12345'])(
    'refuses %j with the hex colour message',
    (value) => {
      expect(messages({ ...colors, primary: value })).toEqual([
        '"primary" must be a valid hex color string',
      ]);
    },
  );

  it('names each bad colour', () => {
    expect(messages({ ...colors, background: '#fff', error: 'crimson' })).toEqual([
      '"background" must be a valid hex color string',
      '"error" must be a valid hex color string',
    ]);
  });

  it('needs every colour', () => {
    const { text_sub: _omitted, ...rest } = colors;
    expect(messages(rest)).toEqual(['text_sub must be a string']);
  });
});

describe('themeSchema', () => {
  it('accepts a preset id or custom with its colours', () => {
    expect(themeSchema.safeParse({ preset: 'blue-3', colors }).success).toBe(true);
    expect(themeSchema.safeParse({ preset: 'custom', colors }).success).toBe(true);
  });

  it('needs a preset name', () => {
    const result = themeSchema.safeParse({ preset: '', colors });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'preset must be longer than or equal to 1 characters',
    ]);
  });

  it('reports colour errors under the colours path', () => {
    const result = themeSchema.safeParse({ preset: 'custom', colors: { ...colors, text: '#000' } });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['colors.text', '"text" must be a valid hex color string'],
    ]);
  });
});
