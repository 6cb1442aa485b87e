import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  AccountStatus,
  CONFIRM_TOKEN_TTL_MS,
  ContributorStatus,
  isLockedOut,
  isReservedUsername,
  type LoginInput,
  type SignupInput,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { readerOf, transact, type Writer, type WriteScope } from '../../lib/unit-of-work';
import { confirmEmailMail } from './mails';
import { consumeToken, issuedTokenOwner, issueToken } from './tokens';
import { violatedUniqueIndex } from '../../lib/unique-violation';

/** What the account rules need from the app. */
export type AuthContext = Pick<FastifyInstance, 'db' | 'writer' | 'config'>;

/**
 * Starts a session for the user inside the caller's transaction. The routes
 * pass one that sets the cookie; the rules here stay free of HTTP.
 */
export type SignIn = (tx: DbOrTx, userId: string) => Promise<void>;

export const EMAIL_TAKEN = 'Email is already taken';
export const USERNAME_TAKEN = 'Username is already taken';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_CONFIRM_LINK = 'Invalid or expired confirmation link';
export const EMAIL_CONFIRMED = 'Email confirmed successfully';
export const EMAIL_ALREADY_CONFIRMED = 'Email is already confirmed';

/**
 * The writer with some of its after-commit runners replaced (the account
 * mails change how theirs are sent or reported); the rest are the writer's.
 */
export function withAfterCommit(writer: Writer, change: Partial<Writer['afterCommit']>): Writer {
  const base = writer.afterCommit;
  return {
    db: writer.db,
    afterCommit: {
      invalidate: (tags) => base.invalidate(tags),
      publish: (event) => base.publish(event),
      mail: (message) => base.mail(message),
      failed: (err, effect) => base.failed(err, effect),
      ...change,
    },
  };
}

function confirmLink(ctx: AuthContext, token: string): string {
  return `${ctx.config.publicUrl}/account/confirm/${token}`;
}

function conflictFor(err: unknown): AppError | null {
  const index = violatedUniqueIndex(err);
  if (index === 'users_email_key') return conflict(EMAIL_TAKEN);
  if (index === 'users_username_lower_key') return conflict(USERNAME_TAKEN);
  return null;
}

/**
 * Creates a NOT_CONFIRMED contributor, signs them in and mails the
 * confirmation link. The user, the token and the session are written in one
 * unit of work (the app's writer, or a caller's); the mail is sent once it
 * has committed, never after a rollback. A mail failure is logged and the
 * account stands: the user can ask for another mail.
 */
export async function signUp(
  ctx: AuthContext,
  input: SignupInput,
  signIn: SignIn,
  scope: WriteScope = ctx.writer,
): Promise<UserRow> {
  const { email, username, password } = input;
  if (isReservedUsername(username)) throw badRequest('Username is not available');

  // Friendly answers for the common case; the unique indexes decide races.
  const taken = await readerOf(scope)
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(eq(users.email, email), eq(sql`lower(${users.username})`, username.toLowerCase())));
  if (taken.some((u) => u.email === email)) throw conflict(EMAIL_TAKEN);
  if (taken.length > 0) throw conflict(USERNAME_TAKEN);

  const passwordHash = await hashPassword(password);
  try {
    return await transact(scope, async (uow) => {
      const [row] = await uow.tx
        .insert(users)
        .values({
          id: newId(),
          email,
          username,
          passwordHash,
          accountStatus: AccountStatus.NOT_CONFIRMED,
          contributorStatus: ContributorStatus.CONTRIBUTOR,
        })
        .returning();
      const token = await issueToken(uow.tx, row!.id, 'confirm-email', CONFIRM_TOKEN_TTL_MS);
      uow.mail(confirmEmailMail(email, confirmLink(ctx, token)));
      await signIn(uow.tx, row!.id);
      return row!;
    });
  } catch (err) {
    throw conflictFor(err) ?? err;
  }
}

/**
 * Runs before the password is checked, with the account the email names
 * (undefined when there is none); throws to refuse the attempt (a limit).
 */
export type BeforePasswordCheck = (user: UserRow | undefined) => Promise<void>;

/**
 * Checks the credentials and signs the user in. Unknown emails still cost one
 * password verification so response times do not reveal which accounts exist;
 * the ban is only revealed to someone who knows the password.
 */
export async function logIn(
  ctx: AuthContext,
  input: LoginInput,
  signIn: SignIn,
  beforePasswordCheck?: BeforePasswordCheck,
): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  await beforePasswordCheck?.(user);
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const valid = await verifyPassword(hash, input.password);
  if (!user || !valid || user.accountStatus === AccountStatus.DELETED) {
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (user.accountStatus === AccountStatus.BANNED) {
    throw forbidden('This account has been banned');
  }
  await signIn(ctx.db, user.id);
  return user;
}

/**
 * Uses a confirmation link. Only a NOT_CONFIRMED account becomes CONFIRMED:
 * an old link must never lift a ban or undo a warning. A link of an account
 * that is confirmed already (used before, expired or superseded by a newer
 * one) says so instead of failing, as people open the mail twice.
 */
export async function confirmEmail(
  ctx: AuthContext,
  token: string,
): Promise<'confirmed' | 'already-confirmed'> {
  return ctx.db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, token, 'confirm-email');
    if (consumed) {
      const [confirmed] = await tx
        .update(users)
        .set({ accountStatus: AccountStatus.CONFIRMED, updatedAt: new Date() })
        .where(and(eq(users.id, consumed), eq(users.accountStatus, AccountStatus.NOT_CONFIRMED)))
        .returning({ id: users.id });
      if (confirmed) return 'confirmed';
    }
    const owner = consumed ?? (await issuedTokenOwner(tx, token, 'confirm-email'));
    const [user] = owner
      ? await tx.select({ status: users.accountStatus }).from(users).where(eq(users.id, owner))
      : [];
    if (user && user.status !== AccountStatus.NOT_CONFIRMED && !isLockedOut(user.status)) {
      return 'already-confirmed';
    }
    // Rolls back, so the link of a banned account is left as it was.
    throw badRequest(INVALID_CONFIRM_LINK);
  });
}

export const MAIL_NOT_SENT = 'The email could not be sent, please try again later';

/**
 * Mails a fresh confirmation link; earlier links stay valid until they
 * expire. The link is stored and the mail sent after its commit. The mail is
 * all this call is for, so a mail that fails (logged as every failed effect)
 * answers 503 and the user can try again; the unsent link is harmless.
 */
export async function resendConfirmation(ctx: AuthContext, user: UserRow): Promise<void> {
  if (user.accountStatus !== AccountStatus.NOT_CONFIRMED) {
    throw badRequest(EMAIL_ALREADY_CONFIRMED);
  }
  let sent = true;
  const noticing = withAfterCommit(ctx.writer, {
    failed: (err, effect) => {
      ctx.writer.afterCommit.failed(err, effect);
      if (effect.kind === 'mail') sent = false;
    },
  });
  await transact(noticing, async (uow) => {
    const token = await issueToken(uow.tx, user.id, 'confirm-email', CONFIRM_TOKEN_TTL_MS);
    uow.mail(confirmEmailMail(user.email, confirmLink(ctx, token)));
  });
  if (!sent) throw new AppError(503, MAIL_NOT_SENT);
}
