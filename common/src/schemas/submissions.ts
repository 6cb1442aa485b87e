import { z } from 'zod';
import {
  ReleaseType,
  SubmissionMethod,
  SubmissionStatus,
  VoteType,
  enumValues,
  explicitCoverArtValues,
} from '../enums';
import { msg } from './messages';
import { dateString, integer, maxItems, minItems, oneOf, queryInt, text } from './fields';
import { DATE_PRECISIONS, pageFieldsSchema } from './catalogue';
import { nextCursorShape } from './paging';
import { actorSchema } from './comments';
import { submissionDiffEntrySchema } from './submission-changes';

/**
 * Shapes of the contributions calls: every new catalogue entry or correction
 * is a submission of one of four kinds, trusted contributors vote on it, and
 * the applied ones are the entity's history.
 */

export const SUBMISSION_KINDS = ['release', 'artist', 'label', 'genre'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** The plural path segment of each kind (`submissions/releases`). */
export const SUBMISSION_KIND_PLURALS = {
  release: 'releases',
  artist: 'artists',
  label: 'labels',
  genre: 'genres',
} as const satisfies Record<SubmissionKind, string>;
export type SubmissionKindPlural = (typeof SUBMISSION_KIND_PLURALS)[SubmissionKind];
export const SUBMISSION_KIND_PLURAL_VALUES = Object.values(SUBMISSION_KIND_PLURALS) as [
  SubmissionKindPlural,
  ...SubmissionKindPlural[],
];

export function submissionKindOfPlural(plural: string): SubmissionKind | null {
  const found = SUBMISSION_KINDS.find((kind) => SUBMISSION_KIND_PLURALS[kind] === plural);
  return found ?? null;
}

/** Page size of the submission lists. */
export const SUBMISSIONS_PAGE_SIZE = 20;
/** Page size of an entity's history. */
export const HISTORY_PAGE_SIZE = 20;

export const SUBMISSION_NOTE_MAX_LENGTH = 5_000;
export const RELEASE_TITLE_MAX_LENGTH = 300;
export const ENTITY_NAME_MAX_LENGTH = 200;
export const BIO_MAX_LENGTH = 10_000;
export const TRACK_TITLE_MAX_LENGTH = 300;
export const TRACK_NUMBER_MAX_LENGTH = 20;
export const RELEASE_TRACKS_MAX = 500;
export const RELEASE_CREDITS_MAX = 50;
/** How long an `imageUrl` fetch may take and how many redirects it follows. */
export const IMAGE_URL_TIMEOUT_MS = 10_000;
export const IMAGE_URL_MAX_REDIRECTS = 3;
export const IMAGE_URL_MAX_LENGTH = 2_000;

/** The label shown for each status; the web colours DISAPPROVED red and APPROVED with the highlight. */
export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  [SubmissionStatus.AUTO_APPROVED]: 'Auto-approved',
  [SubmissionStatus.OPEN]: 'Open',
  [SubmissionStatus.APPROVED]: 'Approved',
  [SubmissionStatus.DISAPPROVED]: 'Disapproved',
  [SubmissionStatus.PENDING_ENTITY_DELETION]: 'Pending deletion',
};

/** Statuses in which a submission may still be voted on. */
export const VOTABLE_SUBMISSION_STATUSES: readonly SubmissionStatus[] = [
  SubmissionStatus.OPEN,
  SubmissionStatus.AUTO_APPROVED,
];

/** Latin forms: letters A-Z, digits, whitespace, hyphen, apostrophe and period only. */
const LATIN_FORM = /^[A-Za-z0-9\s\-'.]+$/;
/** A letter of a script other than Latin (Cyrillic, kana, Hangul...). */
const NON_LATIN_LETTER = /[^\P{L}\p{Script=Latin}]/u;

/** True when the text has a letter outside the Latin script, so a Latin form of it makes sense. */
export function hasNonLatinLetters(value: string): boolean {
  return NON_LATIN_LETTER.test(value);
}

/** True when the text may stand as a Latin form (`titleLatin`, `nameLatin`). */
export function isLatinForm(value: string): boolean {
  return LATIN_FORM.test(value);
}

/**
 * An optional Latin form (`titleLatin`, `nameLatin`): null or absent clears
 * it; given, it must use the Latin form's characters, and only where the
 * original has letters of another script (checked with the whole payload).
 */
function latinForm(p: string) {
  return text(p, { min: 1, max: ENTITY_NAME_MAX_LENGTH })
    .refine(isLatinForm, {
      error: `${p} may only contain the letters A-Z, digits, spaces, hyphens, apostrophes and periods`,
    })
    .nullable()
    .optional();
}

function latinFormCheck<T extends Record<string, unknown>>(
  original: keyof T & string,
  latin: keyof T & string,
  message: string,
) {
  return (payload: z.core.ParsePayload<T>) => {
    const value = payload.value[original];
    const latinValue = payload.value[latin];
    if (typeof value !== 'string' || typeof latinValue !== 'string') return;
    if (!hasNonLatinLetters(value)) {
      payload.issues.push({ code: 'custom', input: latinValue, path: [latin], message });
    }
  };
}

const id = (p: string) => text(p, { min: 1, max: 64 });
const idList = (p: string, min = 0) =>
  z
    .array(id(p), { error: msg.array(p) })
    .check(minItems(p, min))
    .check(maxItems(p, RELEASE_CREDITS_MAX));
const note = text('note', { min: 1, max: SUBMISSION_NOTE_MAX_LENGTH });

/** A track as a submission carries it: `id` names an existing track kept (renamed, moved). */
export const submissionTrackSchema = z.object({
  id: id('id').optional(),
  track: text('track', { min: 1, max: TRACK_NUMBER_MAX_LENGTH }),
  title: text('title', { min: 1, max: TRACK_TITLE_MAX_LENGTH }),
  durationMs: integer('durationMs', 0, Number.MAX_SAFE_INTEGER).nullable().optional(),
});
export type SubmissionTrack = z.infer<typeof submissionTrackSchema>;

/**
 * A release submission (create or edit). As JSON, or in a multipart body as
 * the JSON part `data` beside an optional `image` file. `imageUrl` asks the
 * server to fetch the cover (http(s), public addresses only). On an edit,
 * `artistsIds` may not be empty either; `tracks` given replaces the list
 * (absent keeps it).
 */
export const releaseSubmissionSchema = z
  .object({
    title: text('title', { min: 1, max: RELEASE_TITLE_MAX_LENGTH }),
    titleLatin: latinForm('titleLatin'),
    artistsIds: idList('artistsIds', 1),
    type: z.enum(ReleaseType, { error: msg.oneOf('type', enumValues(ReleaseType)) }),
    date: dateString('date').nullable().optional(),
    datePrecision: oneOf('datePrecision', DATE_PRECISIONS).nullable().optional(),
    labelsIds: idList('labelsIds').optional(),
    languagesIds: idList('languagesIds').optional(),
    imageUrl: text('imageUrl', { min: 1, max: IMAGE_URL_MAX_LENGTH }).nullable().optional(),
    /** On an edit: true removes the cover. */
    removeCover: z.boolean({ error: msg.boolean('removeCover') }).optional(),
    explicitCoverArt: z
      .array(oneOf('explicitCoverArt', explicitCoverArtValues), {
        error: msg.array('explicitCoverArt'),
      })
      .optional(),
    tracks: z
      .array(submissionTrackSchema, { error: msg.array('tracks') })
      .check(maxItems('tracks', RELEASE_TRACKS_MAX))
      .optional(),
    note,
  })
  .check(latinFormCheck('title', 'titleLatin', msg.latinTitle));
export type ReleaseSubmissionInput = z.input<typeof releaseSubmissionSchema>;
export type ReleaseSubmission = z.infer<typeof releaseSubmissionSchema>;

export const artistSubmissionSchema = z
  .object({
    name: text('name', { min: 1, max: ENTITY_NAME_MAX_LENGTH }),
    nameLatin: latinForm('nameLatin'),
    bio: text('bio', { min: 1, max: BIO_MAX_LENGTH }).nullable().optional(),
    note,
  })
  .check(latinFormCheck('name', 'nameLatin', msg.latinName));
export type ArtistSubmissionInput = z.input<typeof artistSubmissionSchema>;
export type ArtistSubmission = z.infer<typeof artistSubmissionSchema>;

export const labelSubmissionSchema = z
  .object({
    name: text('name', { min: 1, max: ENTITY_NAME_MAX_LENGTH }),
    nameLatin: latinForm('nameLatin'),
    note,
  })
  .check(latinFormCheck('name', 'nameLatin', msg.latinName));
export type LabelSubmissionInput = z.input<typeof labelSubmissionSchema>;
export type LabelSubmission = z.infer<typeof labelSubmissionSchema>;

/** A genre submission names the genre `title` and its text `description`, as the spec words it. */
export const genreSubmissionSchema = z.object({
  title: text('title', { min: 1, max: ENTITY_NAME_MAX_LENGTH }),
  description: text('description', { min: 1, max: BIO_MAX_LENGTH }).nullable().optional(),
  parentIds: idList('parentIds').optional(),
  note,
});
export type GenreSubmissionInput = z.input<typeof genreSubmissionSchema>;
export type GenreSubmission = z.infer<typeof genreSubmissionSchema>;

/* ---------- Cards, lists, details ---------- */

export const submissionVoteSchema = z.object({
  userId: z.string(),
  user: actorSchema,
  type: z.enum(VoteType),
});
export type SubmissionVote = z.infer<typeof submissionVoteSchema>;

/**
 * A submission as cards show it (the same for the four kinds). `original`
 * is the entity before (null for a create); `changes` is the state it
 * proposes. `entityId` is the entity created or changed (for a genre create
 * still open, the id the genre gets once approved).
 * `entityName` is what the card is titled with (the proposed title or name).
 */
export const submissionCardSchema = z.object({
  id: z.string(),
  kind: z.enum(SUBMISSION_KINDS),
  method: z.enum(SubmissionMethod),
  submissionStatus: z.enum(SubmissionStatus),
  entityId: z.string(),
  entityName: z.string(),
  user: actorSchema,
  votes: z.array(submissionVoteSchema),
  commentsCount: z.number().int(),
  createdAt: z.string(),
  /** When it was applied to the entity (null while open, disapproved or pending deletion). */
  appliedAt: z.string().nullable(),
  note: z.string(),
  original: z.record(z.string(), z.unknown()).nullable(),
  changes: z.record(z.string(), z.unknown()),
});
export type SubmissionCard = z.infer<typeof submissionCardSchema>;

/** GET submissions/{kind singular}/{id}: the card with the diff between original and changes. */
export const submissionDetailSchema = submissionCardSchema.extend({
  diff: z.array(submissionDiffEntrySchema),
});
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

/** POST create or edit: the card plus the id of the entity created or changed under its own name. */
export const submissionCreatedSchema = submissionCardSchema.extend({
  releaseId: z.string().nullable().optional(),
  artistId: z.string().nullable().optional(),
  labelId: z.string().nullable().optional(),
  genreId: z.string().nullable().optional(),
});
export type SubmissionCreated = z.infer<typeof submissionCreatedSchema>;

/** The key of the entity id in a created reply and of the entity filter in a list query. */
export const submissionEntityIdKey = {
  release: 'releaseId',
  artist: 'artistId',
  label: 'labelId',
  genre: 'genreId',
} as const satisfies Record<SubmissionKind, string>;

const statusValues = enumValues(SubmissionStatus);

/**
 * GET submissions/{kind plural}: newest or oldest first, filtered by status,
 * entity and author. The entity filter is `releaseId`, `artistId`, `labelId`
 * or `genreId`, matching the kind; others are ignored.
 */
export const submissionsQuerySchema = z.object({
  page: queryInt('page', 1, 500).default(1),
  cursor: text('cursor', { min: 1, max: 512 }).optional(),
  status: z.coerce
    .number({ error: msg.integer('status') })
    .refine((v): v is SubmissionStatus => (statusValues as number[]).includes(v), {
      error: msg.oneOf('status', statusValues),
    })
    .optional(),
  releaseId: id('releaseId').optional(),
  artistId: id('artistId').optional(),
  labelId: id('labelId').optional(),
  genreId: id('genreId').optional(),
  userId: id('userId').optional(),
  sortBy: oneOf('sortBy', ['newest', 'oldest'] as const).default('newest'),
});
export type SubmissionsQuery = z.input<typeof submissionsQuerySchema>;

/**
 * One page of submissions of a kind. The cards sit under the kind's plural
 * (`releases`, `artists`, `labels`, `genres`), as the spec gives the genre
 * reply `{ genres, currentPage, totalPages }`.
 */
export const submissionsPageSchema = pageFieldsSchema.extend({
  ...nextCursorShape,
  releases: z.array(submissionCardSchema).optional(),
  artists: z.array(submissionCardSchema).optional(),
  labels: z.array(submissionCardSchema).optional(),
  genres: z.array(submissionCardSchema).optional(),
});
export type SubmissionsPage = z.infer<typeof submissionsPageSchema>;

export const submissionVoteInputSchema = z.object({
  vote: integer('vote', -1, 1).refine((v) => v === 1 || v === -1, {
    error: msg.oneOf('vote', [1, -1]),
  }),
});
export type SubmissionVoteInput = z.input<typeof submissionVoteInputSchema>;

const submissionIds = (p: string) =>
  z
    .array(id(p), { error: msg.array(p) })
    .check(maxItems(p, 500))
    .optional();

/** POST submissions/process-pending-deletion (admins). */
export const processPendingDeletionSchema = z.object({
  releaseSubmissionIds: submissionIds('releaseSubmissionIds'),
  artistSubmissionIds: submissionIds('artistSubmissionIds'),
  labelSubmissionIds: submissionIds('labelSubmissionIds'),
  genreSubmissionIds: submissionIds('genreSubmissionIds'),
});
export type ProcessPendingDeletionInput = z.input<typeof processPendingDeletionSchema>;

export const processPendingDeletionReplySchema = z.object({
  deleted: z.object({
    releases: z.number().int(),
    artists: z.number().int(),
    labels: z.number().int(),
    genres: z.number().int(),
  }),
});
export type ProcessPendingDeletionReply = z.infer<typeof processPendingDeletionReplySchema>;

/** Counts of one kind's submissions by status. */
export const statusCountsSchema = z.object({
  autoApproved: z.number().int(),
  open: z.number().int(),
  approved: z.number().int(),
  disapproved: z.number().int(),
  pendingDeletion: z.number().int(),
  total: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

/** GET submissions/user-contributions/{userId}. */
export const userContributionsSchema = z.object({
  releases: statusCountsSchema,
  artists: statusCountsSchema,
  labels: statusCountsSchema,
  genres: statusCountsSchema,
});
export type UserContributions = z.infer<typeof userContributionsSchema>;

/**
 * GET history/{kind singular}/{id}: the entity's applied submissions, newest
 * first, each with its diff. `entity` names what the page is about.
 */
export const historyPageSchema = pageFieldsSchema.extend({
  ...nextCursorShape,
  entity: z.object({ id: z.string(), name: z.string() }),
  changes: z.array(submissionDetailSchema),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyQuerySchema = z.object({
  page: queryInt('page', 1, 500).default(1),
  cursor: text('cursor', { min: 1, max: 512 }).optional(),
});
