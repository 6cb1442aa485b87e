import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens } from '../../db/schema/index';
import { newSecret, sha256 } from '../../lib/ids';

export type AccountTokenKind = (typeof accountTokens.$inferSelect)['kind'];

/**
 * Creates a single-use token for a mailed link. Only its SHA-256 is stored,
 * so a copy of the database cannot be used to confirm or reset accounts.
 */
export async function issueToken(
  db: DbOrTx,
  userId: string,
  kind: AccountTokenKind,
  ttlMs: number,
): Promise<string> {
  const token = newSecret();
  await db.insert(accountTokens).values({
    id: sha256(token),
    userId,
    kind,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

function usable(token: string, kind: AccountTokenKind) {
  return and(
    eq(accountTokens.id, sha256(token)),
    eq(accountTokens.kind, kind),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
  );
}

async function ownerWhere(db: DbOrTx, where: SQL | undefined): Promise<string | null> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(where)
    .limit(1);
  return row?.userId ?? null;
}

/** The owner of a token that could still be used, without using it. */
export const peekToken = (db: DbOrTx, token: string, kind: AccountTokenKind) =>
  ownerWhere(db, usable(token, kind));

/** The owner of a token ever issued, used or expired or not (to explain a reused link). */
export const issuedTokenOwner = (db: DbOrTx, token: string, kind: AccountTokenKind) =>
  ownerWhere(db, and(eq(accountTokens.id, sha256(token)), eq(accountTokens.kind, kind)));

/**
 * Marks a token used and returns its owner, or null when it is unknown, used
 * or expired. One conditional UPDATE, so two requests racing with the same
 * link cannot both succeed.
 */
export async function consumeToken(
  db: DbOrTx,
  token: string,
  kind: AccountTokenKind,
): Promise<string | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, kind))
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}

/** Retires every unused token of one kind, e.g. older reset links when a new one is sent. */
export async function retireTokens(db: DbOrTx, userId: string, kind: AccountTokenKind) {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
      ),
    );
}
