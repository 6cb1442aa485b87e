import { eq } from 'drizzle-orm';
import {
  AccountStatus,
  RESET_TOKEN_TTL_MS,
  isLockedOut,
  type ForgotPasswordChangeInput,
  type UpdatePasswordInput,
} from '@earmark/common';
import { users, type UserRow } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { transact } from '../../lib/unit-of-work';
import { endUserSessions } from '../../plugins/session';
import { resetPasswordMail } from './mails';
import { withAfterCommit, type AuthContext } from './service';
import { consumeToken, issueToken, peekToken, retireTokens } from './tokens';

export const FORGOT_PASSWORD_REPLY =
  'If an account exists for this email, a reset link has been sent.';
export const INVALID_RESET_LINK = 'Invalid or expired password reset link';

/**
 * Starts a password reset. The caller always answers the same way, so nothing
 * here may throw for an unknown address. Banned and deleted accounts get no
 * mail: they cannot sign in anyway. A new link retires the older ones.
 *
 * The mail is sent after the new link commits, and in the background: the
 * reply does not wait for the mail server, so it takes about as long for an
 * unknown address as for a known one. A failure is logged by the writer.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || isLockedOut(user.accountStatus)) return;
  await transact(mailInBackground(ctx), async (uow) => {
    await retireTokens(uow.tx, user.id, 'reset-password');
    const token = await issueToken(uow.tx, user.id, 'reset-password', RESET_TOKEN_TTL_MS);
    const link = `${ctx.config.publicUrl}/account/password/new/${token}`;
    uow.mail(resetPasswordMail(user.email, link));
  });
}

/** The writer with its after-commit mails handed over without waiting for them to be sent. */
function mailInBackground(ctx: AuthContext) {
  const { afterCommit } = ctx.writer;
  return withAfterCommit(ctx.writer, {
    mail: async (message) => {
      // Not awaited: a failure is reported as any effect's is.
      void afterCommit
        .mail(message)
        .catch((err) => afterCommit.failed(err, { kind: 'mail', message }));
    },
  });
}

/**
 * Sets a new password from a reset link and ends every session of the user,
 * so whoever knew the old password is signed out everywhere. Following the
 * link proves the mailbox is theirs, so an unconfirmed account is confirmed.
 */
export async function resetPassword(
  ctx: AuthContext,
  input: ForgotPasswordChangeInput,
): Promise<void> {
  // Cheap check first so bad links do not cost a password hash.
  if (!(await peekToken(ctx.db, input.token, 'reset-password'))) {
    throw badRequest(INVALID_RESET_LINK);
  }
  const passwordHash = await hashPassword(input.password);
  await transact(ctx.writer, async (uow) => {
    const { tx } = uow;
    const userId = await consumeToken(tx, input.token, 'reset-password');
    if (!userId) throw badRequest(INVALID_RESET_LINK);
    const [user] = await tx
      .select({ accountStatus: users.accountStatus })
      .from(users)
      .where(eq(users.id, userId));
    const confirm = user?.accountStatus === AccountStatus.NOT_CONFIRMED;
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: new Date(),
        ...(confirm ? { accountStatus: AccountStatus.CONFIRMED } : {}),
      })
      .where(eq(users.id, userId));
    await endUserSessions(uow, userId);
  });
}

/**
 * Changes the signed-in user's password. The current password is required so
 * a borrowed session cannot take the account over; other sessions end, the
 * current one stays.
 */
export async function updatePassword(
  ctx: AuthContext,
  user: UserRow,
  sessionId: string,
  input: UpdatePasswordInput,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.password);
  await transact(ctx.writer, async (uow) => {
    await uow.tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await endUserSessions(uow, user.id, sessionId);
  });
}
