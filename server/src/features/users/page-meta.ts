import { isHiddenAccount, isReservedUsername, PRODUCT_NAME, usernameSchema } from '@earmark/common';
import type { Db } from '../../db/client';
import type { PageMeta } from '../../plugins/spa';
import { avatarUrls } from './present';
import { findUserByUsername } from './service';

/** Profiles live at the top level: `/{username}`. */
const PROFILE_PATH = /^\/([^/]+)\/?$/;

/** Link preview of a profile page, or null when the path is not one. */
export async function profilePageMeta(db: Db, pathname: string): Promise<PageMeta | null> {
  const m = PROFILE_PATH.exec(pathname);
  if (!m) return null;
  let username: string;
  try {
    username = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  if (isReservedUsername(username) || !usernameSchema.safeParse(username).success) return null;
  const user = await findUserByUsername(db, username);
  // Banned and deleted accounts have no public page.
  if (!user || isHiddenAccount(user.accountStatus)) return null;
  const image = avatarUrls(user)?.md;
  return {
    title: user.name || user.username,
    description: `${user.username} on ${PRODUCT_NAME}`,
    type: 'profile',
    ...(image ? { image } : {}),
  };
}
