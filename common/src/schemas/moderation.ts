import { z } from 'zod';
import { oneOf, text } from './fields';
import { cursorPageFieldsSchema } from './catalogue';
import { actorSchema, REPORT_TYPES } from './comments';
import { pagingQueryShape } from './paging';

/**
 * Shapes of the moderation calls: merges, the reports queue and what a
 * pending deletion would remove (spec section 3 "Admin actions").
 */

const entityId = (p: string) => text(p, { min: 1, max: 64 });

/** One line of "what moves" or "what goes": a kind of reference and how many. */
export const impactLineSchema = z.object({
  /** A stable key of the kind of reference, e.g. `entries`, `listItems`, `tracks`, `comments`. */
  key: z.string(),
  /** How people read it, e.g. 'Ratings and reviews', 'List items'. */
  label: z.string(),
  count: z.number().int(),
});
export type ImpactLine = z.infer<typeof impactLineSchema>;

export const MERGE_ENTITY_TYPES = ['artist', 'release', 'label'] as const;
export type MergeEntityType = (typeof MERGE_ENTITY_TYPES)[number];

export const MERGE_SAME_ENTITY_MESSAGE = 'An entity cannot be merged into itself';
export const MERGE_HIDDEN_ENTITY_MESSAGE =
  'Only visible entities can be merged: the source or target is merged or pending deletion';

/** POST admin/merge and GET admin/merge/preview. */
export const mergeInputSchema = z
  .object({
    entityType: oneOf('entityType', MERGE_ENTITY_TYPES),
    mergeFromId: entityId('mergeFromId'),
    mergeIntoId: entityId('mergeIntoId'),
  })
  .refine((v) => v.mergeFromId !== v.mergeIntoId, {
    error: MERGE_SAME_ENTITY_MESSAGE,
    path: ['mergeIntoId'],
  });
export type MergeInput = z.input<typeof mergeInputSchema>;

const mergeSideSchema = z.object({ id: z.string(), name: z.string() });

/** What a merge moves (preview) or moved (reply). */
export const mergeReplySchema = z.object({
  entityType: z.enum(MERGE_ENTITY_TYPES),
  source: mergeSideSchema,
  target: mergeSideSchema,
  moves: z.array(impactLineSchema),
});
export type MergeReply = z.infer<typeof mergeReplySchema>;

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_NOTE_MAX_LENGTH = 1_000;
export const REPORTS_PAGE_SIZE = 30;
export const REPORT_ALREADY_CLOSED_MESSAGE = 'This report is already closed';

/** GET admin/reports?status&cursor: open reports oldest first, closed ones newest first. */
export const reportsQuerySchema = z.object({
  status: oneOf('status', REPORT_STATUSES).default('open'),
  ...pagingQueryShape(REPORTS_PAGE_SIZE),
});
export type ReportsQuery = z.input<typeof reportsQuerySchema>;

export const reportEntrySchema = z.object({
  id: z.string(),
  type: z.enum(REPORT_TYPES),
  targetId: z.string(),
  /** A short name of what was reported (a title, a username, the start of a comment); null once it is gone. */
  targetLabel: z.string().nullable(),
  /** The path of the page that shows what was reported; null once it is gone. */
  link: z.string().nullable(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  note: z.string().nullable(),
  reporter: actorSchema.nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ReportEntry = z.infer<typeof reportEntrySchema>;

export const reportsPageSchema = cursorPageFieldsSchema.extend({
  reports: z.array(reportEntrySchema),
});
export type ReportsPage = z.infer<typeof reportsPageSchema>;

/** PATCH admin/reports/{id}: close an open report. */
export const closeReportInputSchema = z.object({
  status: oneOf('status', ['resolved', 'dismissed']),
  note: text('note', { min: 1, max: REPORT_NOTE_MAX_LENGTH }).nullable().optional(),
});
export type CloseReportInput = z.input<typeof closeReportInputSchema>;

/** GET submissions/pending-deletions: every pending deletion with what processing it removes. */
export const pendingDeletionImpactSchema = z.object({
  items: z.array(
    z.object({
      submissionId: z.string(),
      kind: z.enum(['release', 'artist', 'label', 'genre']),
      entityId: z.string(),
      name: z.string(),
      removes: z.array(impactLineSchema),
    }),
  ),
});
export type PendingDeletionImpact = z.infer<typeof pendingDeletionImpactSchema>;

/** POST submissions/keep-pending-deletion: the entities stay, their submissions are approved. */
export const keepPendingDeletionReplySchema = z.object({
  kept: z.object({
    releases: z.number().int(),
    artists: z.number().int(),
    labels: z.number().int(),
    genres: z.number().int(),
  }),
});
export type KeepPendingDeletionReply = z.infer<typeof keepPendingDeletionReplySchema>;
