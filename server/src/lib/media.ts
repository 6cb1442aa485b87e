import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import sharp from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE_PX,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '@earmark/common';
import type { CoverFiles } from '../db/schema/catalogue';
import { AppError, badRequest, tooLarge } from './errors';
import { newId } from './ids';

/**
 * Uploaded images: checked by decoding them (never by file name or the
 * client's content type), re-encoded into fixed variants and stored under
 * content-hashed names, so a file never changes once written and can be
 * served with immutable caching.
 */

export const MALFORMED_UPLOAD_MESSAGE = 'Request body is not valid multipart form data';

export const IMAGE_DIMENSIONS_MESSAGE = `Image must be at most ${IMAGE_MAX_SIDE_PX} px on each side`;

/** Folders under `${dataDir}/media`, served at `/media/<folder>/`. */
export type MediaFolder = 'avatars' | 'covers';

export function mediaDir(dataDir: string, folder: MediaFolder): string {
  return path.join(dataDir, 'media', folder);
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

export interface ImageVariant {
  /** Part of the file name: `<hash16>-<name>.<ext>`. */
  name: string;
  width: number;
  height: number;
  /** `cover` crops to exactly width × height; `inside` keeps the aspect ratio within the box. */
  fit: 'cover' | 'inside';
  /** Output format; WebP unless a JPEG fallback is wanted. */
  format?: 'webp' | 'jpeg';
  /** Keep images smaller than the box at their own size instead of scaling them up. */
  withoutEnlargement?: boolean;
  /**
   * `small` (default) spends encoder time for the smallest files (mozjpeg,
   * WebP effort 4); `fast` encodes about twice as quickly for somewhat larger
   * files, for images made in bulk such as generated covers.
   */
  encoding?: 'small' | 'fast';
}

export interface StoredImage {
  name: string;
  format: 'webp' | 'jpeg';
  /** File name within the target folder. */
  file: string;
  width: number;
  height: number;
  bytes: number;
}

const EXTENSIONS = { webp: 'webp', jpeg: 'jpg' } as const;
const SHARP_OPTIONS: SharpOptions = {
  // Refuse corrupt or truncated files rather than storing half an image.
  failOn: 'error',
  limitInputPixels: IMAGE_MAX_SIDE_PX * IMAGE_MAX_SIDE_PX,
};

function formatOf(meta: Metadata): ImageFormat | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return meta.format;
    case 'heif':
      // HEIF is a container; only its AV1 flavour is AVIF (HEIC is refused).
      return meta.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

/** Checks that the bytes are an accepted image within the limits; throws 400 or 413 otherwise. */
export async function inspectImage(buffer: Buffer): Promise<ImageInfo> {
  if (buffer.length > IMAGE_MAX_BYTES) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
  if (buffer.length === 0) throw badRequest(IMAGE_TYPE_MESSAGE);
  let meta: Metadata;
  try {
    meta = await sharp(buffer, SHARP_OPTIONS).metadata();
  } catch {
    throw badRequest(IMAGE_TYPE_MESSAGE);
  }
  const format = formatOf(meta);
  if (!format || !meta.width || !meta.height) throw badRequest(IMAGE_TYPE_MESSAGE);
  // EXIF orientation may swap the sides, which does not change the largest one.
  if (meta.width > IMAGE_MAX_SIDE_PX || meta.height > IMAGE_MAX_SIDE_PX) {
    throw badRequest(IMAGE_DIMENSIONS_MESSAGE);
  }
  return { format, width: meta.width, height: meta.height };
}

async function render(input: Sharp, v: ImageVariant) {
  const format = v.format ?? 'webp';
  let pipeline = input.clone().resize({
    width: v.width,
    height: v.height,
    fit: v.fit,
    withoutEnlargement: v.withoutEnlargement ?? false,
  });
  const fast = v.encoding === 'fast';
  pipeline =
    format === 'jpeg'
      ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: !fast })
      : pipeline.webp({ quality: 82, effort: fast ? 2 : 4 });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { format, data, width: info.width, height: info.height };
}

/** Writes through a temporary name so a half-written file is never served. */
async function writeOnce(dir: string, file: string, data: Buffer): Promise<void> {
  const target = path.join(dir, file);
  const exists = await fs.stat(target).then(
    () => true,
    () => false,
  );
  // Same name means same bytes: an identical image is already stored.
  if (exists) return;
  const tmp = path.join(dir, `.${file}.${newId(8)}.tmp`);
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, target);
}

/**
 * Verifies an uploaded image and stores one re-encoded file per variant in
 * `dir` (created when missing). Returns the stored files in variant order.
 * Re-encoding also drops metadata such as EXIF location data.
 */
export async function processImage(
  buffer: Buffer,
  variants: readonly ImageVariant[],
  dir: string,
): Promise<StoredImage[]> {
  await inspectImage(buffer);
  // Animated images keep their first frame; EXIF orientation is applied.
  const input = sharp(buffer, SHARP_OPTIONS).rotate();
  let rendered: Awaited<ReturnType<typeof render>>[];
  try {
    rendered = await Promise.all(variants.map((v) => render(input, v)));
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The header looked fine but the pixels did not decode.
    throw badRequest(IMAGE_TYPE_MESSAGE);
  }
  await fs.mkdir(dir, { recursive: true });
  const stored: StoredImage[] = [];
  for (const [i, r] of rendered.entries()) {
    const v = variants[i]!;
    const hash = createHash('sha256').update(r.data).digest('hex').slice(0, 16);
    const file = `${hash}-${v.name}.${EXTENSIONS[r.format]}`;
    await writeOnce(dir, file, r.data);
    stored.push({
      name: v.name,
      format: r.format,
      file,
      width: r.width,
      height: r.height,
      bytes: r.data.length,
    });
  }
  return stored;
}

/** Removes stored files by name; files already gone are fine. Names never leave `dir`. */
export async function removeMediaFiles(dir: string, files: readonly string[]): Promise<void> {
  await Promise.all(
    files
      .filter((f) => f && path.basename(f) === f && !f.startsWith('.'))
      .map((f) => fs.rm(path.join(dir, f), { force: true })),
  );
}

function isFileTooLarge(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT';
}

/** Whatever the multipart parser refuses, as the client's error (413 or 400). */
function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isFileTooLarge(err)) return tooLarge(IMAGE_TOO_LARGE_MESSAGE);
  // Whatever else the multipart parser refuses (no or an empty boundary, a
  // part cut off before its end) is the client's malformed body.
  return badRequest(MALFORMED_UPLOAD_MESSAGE);
}

/**
 * Reads the one file of a multipart request (the multipart plugin caps its
 * size). A missing file, another field name or a non-multipart body is
 * answered like a file of the wrong type; an oversized one with 413, and a
 * body the multipart parser cannot read with 400.
 */
export async function readUploadedFile(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(IMAGE_TYPE_MESSAGE);
  try {
    const part = await request.file();
    if (!part) throw badRequest(IMAGE_TYPE_MESSAGE);
    if (part.fieldname !== field) {
      part.file.resume();
      throw badRequest(IMAGE_TYPE_MESSAGE);
    }
    const buffer = await part.toBuffer();
    if (part.file.truncated) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
    return buffer;
  } catch (err) {
    throw uploadError(err);
  }
}

/**
 * Reads a multipart body of text fields and at most one file named `field`
 * (optional), with the same answers as readUploadedFile for a file under
 * another name, an oversized one or a malformed body.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  field: string,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== field || file) {
          part.file.resume();
          throw badRequest(IMAGE_TYPE_MESSAGE);
        }
        file = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  return { fields, file };
}

/** Release cover sizes: square WebP for the pages, a JPEG for link previews. */
export const COVER_VARIANTS: readonly ImageVariant[] = [
  { name: 'sm', width: 250, height: 250, fit: 'cover' },
  { name: 'md', width: 500, height: 500, fit: 'cover' },
  { name: 'lg', width: 1000, height: 1000, fit: 'cover' },
  { name: 'og', width: 1200, height: 1200, fit: 'cover', format: 'jpeg' },
];

/**
 * Stores a cover image in every cover size under `${dataDir}/media/covers`
 * and returns the file names, as `releases.cover` keeps them. Throws the
 * usual 400/413 errors for a file that is not an accepted image. `fast`
 * trades a little file size for encoding speed (for covers made in bulk).
 */
export async function makeCoverFiles(
  buffer: Buffer,
  dataDir: string,
  options: { encoding?: 'small' | 'fast' } = {},
): Promise<CoverFiles> {
  const variants = options.encoding
    ? COVER_VARIANTS.map((v) => ({ ...v, encoding: options.encoding }))
    : COVER_VARIANTS;
  const stored = await processImage(buffer, variants, mediaDir(dataDir, 'covers'));
  const file = (name: keyof CoverFiles) => stored.find((s) => s.name === name)!.file;
  return { sm: file('sm'), md: file('md'), lg: file('lg'), og: file('og') };
}
