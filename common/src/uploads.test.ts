import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from './constants';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE, imageFileProblem } from './uploads';

describe('imageFileProblem', () => {
  it('accepts the supported image types up to the size limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/avif', size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses other types', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(imageFileProblem({ type: '', size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('refuses files over the limit with the server wording', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(
      'File is too large (max 10 MB)',
    );
    expect(IMAGE_TOO_LARGE_MESSAGE).toBe('File is too large (max 10 MB)');
  });
});
