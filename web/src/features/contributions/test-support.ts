import { SubmissionMethod, SubmissionStatus, VoteType } from '@earmark/common';
import type {
  Actor,
  HistoryPage,
  SubmissionCard,
  SubmissionDetail,
  SubmissionKind,
  SubmissionsPage,
  SubmissionVote,
} from '@earmark/common';
import { SUBMISSION_KIND_PLURALS } from '@earmark/common';

/** Fake API answers for contributions tests (the shapes come from common). */
export const ben: Actor = { id: 'u2', username: 'ben', name: 'Ben Carter', image: null };
export const cara: Actor = { id: 'u3', username: 'cara', name: 'Cara Lind', image: null };

export function makeSubmission(overrides: Partial<SubmissionDetail> = {}): SubmissionDetail {
  return {
    id: 's1',
    kind: 'release',
    method: SubmissionMethod.UPDATE,
    submissionStatus: SubmissionStatus.OPEN,
    entityId: 'r1',
    entityName: 'Unknown Hours',
    user: ben,
    votes: [],
    commentsCount: 2,
    createdAt: '2026-03-01T10:00:00.000Z',
    appliedAt: null,
    note: 'Fixed the title.',
    original: { title: 'Unknown Hour' },
    changes: { title: 'Unknown Hours' },
    diff: [
      {
        kind: 'text',
        field: 'title',
        label: 'Title',
        before: 'Unknown Hour',
        after: 'Unknown Hours',
      },
    ],
    ...overrides,
  };
}

export const upVote = (user: Actor): SubmissionVote => ({
  userId: user.id,
  user,
  type: VoteType.UP,
});
export const downVote = (user: Actor): SubmissionVote => ({
  userId: user.id,
  user,
  type: VoteType.DOWN,
});

/** One page of a kind's submissions, the cards under the kind's plural. */
export function submissionsPage(
  kind: SubmissionKind,
  cards: SubmissionCard[],
  nextCursor: string | null = null,
): SubmissionsPage {
  return {
    [SUBMISSION_KIND_PLURALS[kind]]: cards,
    currentPage: 1,
    totalPages: nextCursor ? 2 : 1,
    totalItems: cards.length,
    currentItems: cards.length,
    itemsPerPage: 20,
    nextCursor,
  };
}

export function historyPage(
  changes: SubmissionDetail[],
  nextCursor: string | null = null,
  entity = { id: 'r1', name: 'Unknown Hours' },
): HistoryPage {
  return {
    entity,
    changes,
    currentPage: 1,
    totalPages: nextCursor ? 2 : 1,
    totalItems: changes.length,
    currentItems: changes.length,
    itemsPerPage: 20,
    nextCursor,
  };
}
