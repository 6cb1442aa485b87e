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
import type { Language, SubmissionCreated } from '@earmark/common';
import { json } from '../../test/fetch-mock';

/** Fake API answers for contributions tests (the shapes come from common). */
export const ben: Actor = {
  id: 'u2',
  username: 'ben',
  name: 'Ben Carter',
  image: null,
  supporter: 0,
};
export const cara: Actor = {
  id: 'u3',
  username: 'cara',
  name: 'Cara Lind',
  image: null,
  supporter: 0,
};

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

/* The forms' fixtures. */

/** A fake reply to a submission: applied at once unless a status is given. */
export function makeSubmissionCreated(
  kind: SubmissionKind,
  overrides: Partial<SubmissionCreated> = {},
): SubmissionCreated {
  return {
    id: 's1',
    kind,
    method: SubmissionMethod.CREATE,
    submissionStatus: SubmissionStatus.AUTO_APPROVED,
    entityId: 'e1',
    entityName: 'Something',
    user: { id: 'u1', username: 'mira', name: 'Mira Stone', image: null, supporter: 0 },
    votes: [],
    commentsCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    appliedAt: '2026-01-01T00:00:00.000Z',
    note: 'A note',
    original: null,
    changes: {},
    ...overrides,
  };
}

export const LANGUAGES: Language[] = [
  { id: 'en', iso6391: 'en', name: 'English' },
  { id: 'ja', iso6391: 'ja', name: 'Japanese' },
];

export const languagesReply = () => json(200, LANGUAGES);

/** The error an input is described by (shown under the field), or '' without one. */
export function errorUnder(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.getAttribute('role') === 'alert')
    .map((element) => element?.textContent ?? '')
    .join(' ');
}
