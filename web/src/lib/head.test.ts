import { describe, expect, it } from 'vitest';
import { documentTitle } from './head';

describe('documentTitle', () => {
  it('adds the product name once', () => {
    expect(documentTitle('Confirm email')).toBe('Confirm email | Earmark');
    expect(documentTitle('Confirm email | Earmark')).toBe('Confirm email | Earmark');
  });

  it('is the product name alone without a title', () => {
    expect(documentTitle()).toBe('Earmark');
    expect(documentTitle('')).toBe('Earmark');
    expect(documentTitle('Earmark')).toBe('Earmark');
  });
});
