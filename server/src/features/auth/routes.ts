import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmEmailReplySchema,
  forgotPasswordChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  messageReplySchema,
  signedInReplySchema,
  signupSchema,
  tokenParamsSchema,
  updatePasswordSchema,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { endSession, requireUser, sessionUser, startSession } from '../../plugins/session';
import { unauthorized } from '../../lib/errors';
import { toCurrentUser } from '../users/present';
import {
  FORGOT_PASSWORD_REPLY,
  requestPasswordReset,
  resetPassword,
  updatePassword,
} from './password-service';
import { isKnownDevice, rememberDevice } from './known-device';
import {
  accountLimits,
  bodyEmail,
  counter,
  ipLimits,
  limitBy,
  refuseWhenOver,
} from './rate-limits';
import {
  confirmEmail,
  EMAIL_ALREADY_CONFIRMED,
  EMAIL_CONFIRMED,
  logIn,
  resendConfirmation,
  signUp,
  type SignIn,
} from './service';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Signs the user in on this reply, inside the service's transaction. */
  const signInOn =
    (request: FastifyRequest, reply: FastifyReply): SignIn =>
    (tx: DbOrTx, userId: string) =>
      startSession(app, request, reply, userId, tx);

  const userKey = (request: FastifyRequest) => request.user?.id ?? '';
  const countUnknownBrowserLogin = counter(
    app,
    'login-account',
    accountLimits.loginUnknownBrowsers,
    bodyEmail,
  );
  const countResetMail = counter(app, 'forgot-password', accountLimits.forgotPassword, bodyEmail);

  app.post(
    '/signup',
    {
      schema: { tags, body: signupSchema, response: { 201: signedInReplySchema } },
      config: { rateLimit: ipLimits.signup },
    },
    async (request, reply) => {
      const user = await signUp(app, request.body, signInOn(request, reply));
      rememberDevice(app, request, reply, user);
      return reply.status(201).send({ user: toCurrentUser(user) });
    },
  );

  app.post(
    '/login',
    {
      schema: { tags, body: loginSchema, response: { 200: signedInReplySchema } },
      config: { rateLimit: ipLimits.login },
      // Per account and address, so one person guessing cannot lock the owner out elsewhere.
      preHandler: limitBy(
        app,
        'login',
        accountLimits.login,
        (request) => `${bodyEmail(request)}|${request.ip}`,
      ),
    },
    async (request, reply) => {
      // Across addresses, unless this browser signed in to the account before
      // (whether the email names an account is not revealed: unknown ones count too).
      const limitUnknownBrowsers = async (found: UserRow | undefined) => {
        if (found && isKnownDevice(request, found)) return;
        refuseWhenOver(await countUnknownBrowserLogin(request), reply);
      };
      const user = await logIn(app, request.body, signInOn(request, reply), limitUnknownBrowsers);
      rememberDevice(app, request, reply, user);
      return { user: toCurrentUser(user) };
    },
  );

  app.post(
    '/logout',
    { schema: { tags, response: { 204: z.null().describe('Signed out') } } },
    async (request, reply) => {
      await endSession(app, request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/confirm/:token',
    { schema: { tags, params: tokenParamsSchema, response: { 200: confirmEmailReplySchema } } },
    async (request) => {
      const outcome = await confirmEmail(app, request.params.token);
      return outcome === 'confirmed'
        ? { message: EMAIL_CONFIRMED, alreadyConfirmed: false }
        : { message: EMAIL_ALREADY_CONFIRMED, alreadyConfirmed: true };
    },
  );

  app.post(
    '/resend-confirmation',
    {
      schema: { tags, response: { 200: messageReplySchema } },
      preHandler: [
        requireUser,
        limitBy(app, 'resend-confirmation', accountLimits.resendConfirmation, userKey),
      ],
    },
    async (request) => {
      await resendConfirmation(app, sessionUser(request));
      return { message: 'Confirmation email sent' };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: { tags, body: forgotPasswordSchema, response: { 200: messageReplySchema } },
      config: { rateLimit: ipLimits.forgotPassword },
    },
    async (request) => {
      // Past the per-address limit nothing more is mailed, but the answer stays
      // the same, so asking for someone's address cannot block their reset.
      if ((await countResetMail(request)).allowed) {
        await requestPasswordReset(app, request.body.email);
      }
      return { message: FORGOT_PASSWORD_REPLY };
    },
  );

  app.post(
    '/forgot-password-change',
    {
      schema: { tags, body: forgotPasswordChangeSchema, response: { 200: messageReplySchema } },
      config: { rateLimit: ipLimits.forgotPasswordChange },
    },
    async (request) => {
      await resetPassword(app, request.body);
      return { message: 'Password reset successfully' };
    },
  );

  app.put(
    '/update-password',
    {
      schema: { tags, body: updatePasswordSchema, response: { 200: messageReplySchema } },
      preHandler: [
        requireUser,
        limitBy(app, 'update-password', accountLimits.updatePassword, userKey),
      ],
    },
    async (request) => {
      if (!request.sessionId) throw unauthorized();
      await updatePassword(app, sessionUser(request), request.sessionId, request.body);
      return { message: 'Password updated successfully' };
    },
  );
};
