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
import { endSession, requireUser, sessionUser, startSession } from '../../plugins/session';
import { unauthorized } from '../../lib/errors';
import { toCurrentUser } from '../users/present';
import {
  FORGOT_PASSWORD_REPLY,
  requestPasswordReset,
  resetPassword,
  updatePassword,
} from './password-service';
import { accountLimits, bodyEmail, ipLimits, limitBy } from './rate-limits';
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

  app.post(
    '/signup',
    {
      schema: { tags, body: signupSchema, response: { 201: signedInReplySchema } },
      config: { rateLimit: ipLimits.signup },
    },
    async (request, reply) => {
      const user = await signUp(app, request.body, signInOn(request, reply));
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
      const user = await logIn(app, request.body, signInOn(request, reply));
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
      preHandler: limitBy(app, 'forgot-password', accountLimits.forgotPassword, bodyEmail),
    },
    async (request) => {
      await requestPasswordReset(app, request.body.email);
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
