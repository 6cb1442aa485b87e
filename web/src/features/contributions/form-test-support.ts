import { SubmissionMethod, SubmissionStatus } from '@earmark/common';
import type { Language, SubmissionCreated, SubmissionKind } from '@earmark/common';
import { json } from '../../test/fetch-mock';

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
    user: { id: 'u1', username: 'mira', name: 'Mira Stone', image: null },
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
