import { IMAGE_MAX_BYTES } from './constants';

/** Image types the server accepts for uploads (it checks by decoding, these are for pickers). */
export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** Replies to a refused upload, worded the same on both sides. */
export const IMAGE_TYPE_MESSAGE = 'File must be a JPEG, PNG, WebP, GIF or AVIF image';
export const IMAGE_TOO_LARGE_MESSAGE = `File is too large (max ${IMAGE_MAX_BYTES / (1024 * 1024)} MB)`;

/**
 * Checks a picked file before it is sent, so an obviously wrong file is
 * refused at once instead of after a long upload. The server decides for
 * real; this only looks at the declared type and the size.
 */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}
