import { eq } from 'drizzle-orm';
import { AccountStatus, ContributorStatus } from '@earmark/common';
import type { Db } from '../client';
import { users } from '../schema/index';
import { newId, newSecret } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';

/**
 * Makes the first admin account when none exists and returns its one-time
 * password (a random one; never a fixed default). Returns null when an admin exists.
 */
export async function ensureAdmin(
  db: Db,
  admin: { username: string; email: string },
): Promise<{ username: string; password: string } | null> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.contributorStatus, ContributorStatus.ADMIN))
    .limit(1);
  if (existing) return null;
  const password = newSecret().slice(0, 20);
  await db.insert(users).values({
    id: newId(),
    email: admin.email,
    username: admin.username,
    name: 'Administrator',
    passwordHash: await hashPassword(password),
    accountStatus: AccountStatus.CONFIRMED,
    contributorStatus: ContributorStatus.ADMIN,
  });
  return { username: admin.username, password };
}
