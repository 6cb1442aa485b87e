import { eq, inArray, or } from 'drizzle-orm';
import { AVATAR_SIZES } from '@earmark/common';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import { userWriteTags } from '../../lib/cache-tags';
import { notFound } from '../../lib/errors';
import { mediaDir, processImage, removeMediaFiles, type ImageVariant } from '../../lib/media';
import { transact, type Writer } from '../../lib/unit-of-work';
import { assertSelf, USER_NOT_FOUND } from './service';

/** Square crops, one per size the client shows. */
export const AVATAR_VARIANTS: readonly ImageVariant[] = [
  { name: 'sm', width: AVATAR_SIZES.sm, height: AVATAR_SIZES.sm, fit: 'cover' },
  { name: 'md', width: AVATAR_SIZES.md, height: AVATAR_SIZES.md, fit: 'cover' },
];

/**
 * Of the given avatar files, those no account points at any more. Names are
 * content hashes, so two people who upload the same picture share its files.
 */
/** Those of `files` no account refers to any more (safe to remove). */
export async function unreferenced(db: Db, files: string[]): Promise<string[]> {
  if (files.length === 0) return [];
  const rows = await db
    .select({ sm: users.imageSm, md: users.imageMd })
    .from(users)
    .where(or(inArray(users.imageSm, files), inArray(users.imageMd, files)));
  const used = new Set(rows.flatMap((r) => [r.sm, r.md]));
  return files.filter((f) => !used.has(f));
}

/** Removes the avatar files of a change once no account refers to them. */
export async function removeAvatarFiles(db: Db, dataDir: string, files: string[]): Promise<void> {
  await removeMediaFiles(mediaDir(dataDir, 'avatars'), await unreferenced(db, files));
}

/**
 * Stores a new avatar for the user and points the account at it. Old files
 * are removed only once the account no longer refers to them, so a failed
 * update never leaves the profile without its picture.
 */
export async function updateAvatar(
  scope: Writer,
  dataDir: string,
  actor: UserRow,
  userId: string,
  upload: Buffer,
): Promise<UserRow> {
  assertSelf(actor, userId);
  const dir = mediaDir(dataDir, 'avatars');
  const [sm, md] = await processImage(upload, AVATAR_VARIANTS, dir);
  const next = { imageSm: sm!.file, imageMd: md!.file };

  let previous: string[];
  let row: UserRow;
  try {
    // Read the old names in the same transaction, so two uploads at once
    // each clean up exactly what they replaced.
    ({ previous, row } = await transact(scope, async (uow) => {
      const { tx } = uow;
      const [old] = await tx
        .select({ sm: users.imageSm, md: users.imageMd })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!old) throw notFound(USER_NOT_FOUND);
      const [updated] = await tx
        .update(users)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      uow.invalidate(...userWriteTags(userId));
      return { previous: [old.sm, old.md].filter((f): f is string => !!f), row: updated! };
    }));
  } catch (err) {
    await removeMediaFiles(dir, await unreferenced(scope.db, [next.imageSm, next.imageMd]));
    throw err;
  }

  const replaced = previous.filter((f) => f !== next.imageSm && f !== next.imageMd);
  await removeMediaFiles(dir, await unreferenced(scope.db, replaced));
  return row;
}
