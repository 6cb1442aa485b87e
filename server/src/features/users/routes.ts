import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badgeUsersPageSchema,
  badgeUsersQuerySchema,
  currentUserSchema,
  themeSchema,
  updatePreferencesSchema,
  updateProfileSchema,
  userIdParamsSchema,
  usernameParamsSchema,
  userProfileSchema,
} from '@earmark/common';
import { readUploadedFile } from '../../lib/media';
import { requireUser, sessionUser } from '../../plugins/session';
import { updateAvatar } from './avatar';
import { listBadgeUsers } from './badges';
import { profilePageMeta } from './page-meta';
import { toCurrentUser } from './present';
import { assertSelf, getProfile, updatePreferences, updateProfile, updateTheme } from './service';

const tags = ['users'];
const reply = { 200: currentUserSchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => profilePageMeta(app.db, pathname));

  app.get(
    '/',
    {
      schema: { tags, querystring: badgeUsersQuerySchema, response: { 200: badgeUsersPageSchema } },
    },
    async (request) => listBadgeUsers(app.db, request.query.type, request.query.page, request.user),
  );

  app.get('/me', { schema: { tags, response: reply }, preHandler: requireUser }, async (request) =>
    toCurrentUser(sessionUser(request)),
  );

  app.get(
    '/username/:username',
    { schema: { tags, params: usernameParamsSchema, response: { 200: userProfileSchema } } },
    async (request) => getProfile(app.db, request.params.username, request.user),
  );

  app.patch(
    '/:id/update-profile',
    {
      schema: { tags, params: userIdParamsSchema, body: updateProfileSchema, response: reply },
      preHandler: requireUser,
    },
    async (request) => {
      const row = await updateProfile(
        app.writer,
        sessionUser(request),
        request.params.id,
        request.body,
      );
      return toCurrentUser(row);
    },
  );

  app.patch(
    '/:id/update-preferences',
    {
      schema: { tags, params: userIdParamsSchema, body: updatePreferencesSchema, response: reply },
      preHandler: requireUser,
    },
    async (request) => {
      const row = await updatePreferences(
        app.db,
        sessionUser(request),
        request.params.id,
        request.body,
      );
      return toCurrentUser(row);
    },
  );

  app.patch(
    '/:id/update-theme',
    {
      schema: { tags, params: userIdParamsSchema, body: themeSchema, response: reply },
      preHandler: requireUser,
    },
    async (request) => {
      const row = await updateTheme(app.db, sessionUser(request), request.params.id, request.body);
      return toCurrentUser(row);
    },
  );

  // Multipart with one file field `image`; checked by decoding in lib/media.
  app.patch(
    '/:id/update-image',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: userIdParamsSchema,
        response: reply,
      },
      preHandler: requireUser,
      config: {
        // Decoding and re-encoding images is the costliest thing a user can ask for.
        rateLimit: {
          max: 30,
          timeWindow: '10 minutes',
          keyGenerator: (request) => request.user?.id ?? request.ip,
        },
      },
    },
    async (request) => {
      const actor = sessionUser(request);
      // Refuse someone else's account before reading the upload.
      assertSelf(actor, request.params.id);
      const upload = await readUploadedFile(request, 'image');
      const row = await updateAvatar(
        app.writer,
        app.config.dataDir,
        actor,
        request.params.id,
        upload,
      );
      return toCurrentUser(row);
    },
  );
};
