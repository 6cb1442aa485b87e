import { z } from 'zod';
import {
  adminUserReplySchema,
  artistSchema,
  auditPageSchema,
  badgeUsersPageSchema,
  autofillReleaseSchema,
  commentSchema,
  createReportReplySchema,
  createListReplySchema,
  currentUserSchema,
  entrySchema,
  followReplySchema,
  genreSchema,
  historyPageSchema,
  keepPendingDeletionReplySchema,
  labelSchema,
  languageSchema,
  listLikeReplySchema,
  listSchema,
  messageReplySchema,
  notificationSchema,
  pagedCommentsSchema,
  pagedListItemsSchema,
  pagedNotificationsSchema,
  pagedListsSchema,
  pagedEntriesSchema,
  pagedReleasesSchema,
  pagedUsersSchema,
  pendingDeletionImpactSchema,
  processPendingDeletionReplySchema,
  releaseGenreVotesSchema,
  releaseInMyListsSchema,
  releaseSchema,
  reportEntrySchema,
  reportsPageSchema,
  searchReplySchema,
  submissionCreatedSchema,
  reviewVoteReplySchema,
  signedInReplySchema,
  submissionDetailSchema,
  submissionsPageSchema,
  tagSchema,
  trackVoteReplySchema,
  unreadCountSchema,
  userArtistStatsSchema,
  userGenreStatsSchema,
  userLabelStatsSchema,
  userProfileSchema,
  userRatingStatsSchema,
  userReleaseDateStatsSchema,
  userTagStatsSchema,
  userContributionsSchema,
  mergeReplySchema,
} from '@earmark/common';

/**
 * What the API answers on success, route by route, in the shared schemas the
 * server validates its replies with. The web tests' fake server checks every
 * successful JSON reply against these, so a fake payload that the real
 * server could not send fails the test that uses it.
 */
const ID = '[^/]+';
const CONTRACT: [method: string, path: string, reply: z.ZodType][] = [
  ['GET', '/users/me', currentUserSchema],
  ['GET', `/users/username/${ID}`, userProfileSchema],
  ['PATCH', `/users/${ID}/update-(profile|preferences|theme|image)`, currentUserSchema],
  ['(POST|DELETE)', `/users/${ID}/following`, followReplySchema],
  ['GET', `/users/${ID}/(followers|following)/?`, pagedUsersSchema],
  ['POST', '/auth/(login|signup)', signedInReplySchema],
  ['GET', `/auth/confirm/${ID}`, messageReplySchema],
  [
    'POST',
    '/auth/(resend-confirmation|forgot-password|forgot-password-change)',
    messageReplySchema,
  ],
  ['PUT', '/auth/update-password', messageReplySchema],
  ['GET', '/entries', pagedEntriesSchema],
  ['GET', `/entries/release/${ID}/me`, entrySchema.nullable()],
  ['GET', `/entries/release/${ID}/following`, z.array(entrySchema)],
  ['GET', '/entries/user/tags', z.array(tagSchema)],
  ['(POST|PATCH)', `/entries/user/tags(/${ID})?`, tagSchema],
  ['GET', `/entries/user/${ID}/artists`, userArtistStatsSchema],
  ['GET', `/entries/user/${ID}/ratings`, userRatingStatsSchema],
  ['GET', `/entries/user/${ID}/labels`, userLabelStatsSchema],
  ['GET', `/entries/user/${ID}/genres`, userGenreStatsSchema],
  ['GET', `/entries/user/${ID}/release-date`, userReleaseDateStatsSchema],
  ['GET', `/entries/user/${ID}/tags`, userTagStatsSchema],
  ['(POST|DELETE)', `/entries/track/${ID}/${ID}`, trackVoteReplySchema],
  ['(POST|DELETE)', `/entries/review/${ID}/votes`, reviewVoteReplySchema],
  ['(GET|PATCH)', `/entries/${ID}`, entrySchema],
  ['POST', '/entries', entrySchema],
  ['GET', '/releases', pagedReleasesSchema],
  ['GET', `/releases/${ID}`, releaseSchema],
  ['GET', `/artists/${ID}`, artistSchema],
  ['GET', `/labels/${ID}`, labelSchema],
  ['GET', `/genres/release/${ID}`, releaseGenreVotesSchema],
  ['POST', '/genres/rg', releaseGenreVotesSchema],
  ['DELETE', `/genres/rg/${ID}`, releaseGenreVotesSchema],
  ['GET', `/genres/${ID}`, genreSchema],
  ['GET', '/lists', pagedListsSchema],
  ['POST', '/lists', createListReplySchema],
  ['GET', `/lists/release/${ID}`, releaseInMyListsSchema],
  ['(GET|PATCH)', `/lists/${ID}(/publish)?`, listSchema],
  ['GET', `/lists/${ID}/items`, pagedListItemsSchema],
  ['POST', `/lists/${ID}/items`, releaseInMyListsSchema.element],
  ['(POST|DELETE)', `/lists/${ID}/likes`, listLikeReplySchema],
  ['GET', '/comments', pagedCommentsSchema],
  ['POST', '/comments', commentSchema],
  ['GET', '/notifications', pagedNotificationsSchema],
  ['GET', '/notifications/unread-count', unreadCountSchema],
  ['POST', '/reports', createReportReplySchema],
  ['GET', '/search', searchReplySchema],
  // Contributions: lists, one submission, histories, counts, pending deletions.
  ['GET', '/submissions/(releases|artists|labels|genres)', submissionsPageSchema],
  ['GET', `/submissions/(release|artist|label|genre)/${ID}`, submissionDetailSchema],
  ['GET', `/submissions/user-contributions/${ID}`, userContributionsSchema],
  ['POST', '/submissions/process-pending-deletion', processPendingDeletionReplySchema],
  ['(GET|POST)', '/admin/merge(/preview)?', mergeReplySchema],
  ['POST', '/submissions/keep-pending-deletion', keepPendingDeletionReplySchema],
  ['GET', '/submissions/pending-deletions', pendingDeletionImpactSchema],
  ['GET', `/history/(release|artist|label|genre)/${ID}`, historyPageSchema],
  ['GET', '/languages', z.array(languageSchema)],
  // Admin: user statuses, the reports queue, the audit log, badge holders.
  ['PATCH', '/admin/user/(contributor|supporter|account)-status', adminUserReplySchema],
  ['POST', '/admin/user/notification', notificationSchema],
  ['GET', '/admin/reports', reportsPageSchema],
  ['PATCH', `/admin/reports/${ID}`, reportEntrySchema],
  ['GET', '/admin/audit', auditPageSchema],
  ['GET', '/users', badgeUsersPageSchema],
  ['POST', `/submissions/(releases|artists|labels|genres)(/${ID})?`, submissionCreatedSchema],
  ['GET', `/autofill/(musicbrainz|spotify)/${ID}`, autofillReleaseSchema],
];

const ROUTES = CONTRACT.map(([method, path, reply]) => ({
  pattern: new RegExp(`^${method} /api${path}$`),
  reply,
}));

/** Problems found in fake replies since the last call (the test setup fails a test that has any). */
const violations: string[] = [];

export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** Checks a successful JSON reply of the fake server against the route's schema. */
export async function checkReply(key: string, response: Response): Promise<void> {
  if (!response.ok || response.status === 204) return;
  if (!response.headers.get('content-type')?.includes('application/json')) return;
  const route = ROUTES.find(({ pattern }) => pattern.test(key));
  if (!route) {
    violations.push(`${key}: no reply schema for this route in web/src/test/api-contract.ts`);
    return;
  }
  const result = route.reply.safeParse(await response.clone().json());
  if (!result.success) {
    violations.push(`${key}: the reply breaks the API contract\n${z.prettifyError(result.error)}`);
  }
}
