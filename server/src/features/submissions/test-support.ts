/** Test support for contributions: members by contributor status and the calls they make. */
import {
  ContributorStatus,
  type SubmissionCard,
  type SubmissionCreated,
  type SubmissionKind,
  SUBMISSION_KIND_PLURALS,
} from '@earmark/common';
import { call, member, ok, type Member } from '../entries/test-support';
import type { TestApp } from '../../../test/helpers';

export const contributor = (t: TestApp) => member(t);
export const trusted = (t: TestApp) =>
  member(t, { contributorStatus: ContributorStatus.TRUSTED_CONTRIBUTOR });
export const editor = (t: TestApp) => member(t, { contributorStatus: ContributorStatus.EDITOR });
export const admin = (t: TestApp) => member(t, { contributorStatus: ContributorStatus.ADMIN });

export async function trustedMembers(t: TestApp, n: number): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < n; i++) out.push(await trusted(t));
  return out;
}

/** POST submissions/{plural}[/{id}] as JSON; expects 201. */
export const submitAs = (
  t: TestApp,
  who: Member,
  kind: SubmissionKind,
  payload: object,
  entityId?: string,
) =>
  ok<SubmissionCreated>(
    call(
      t,
      who,
      'POST',
      `/submissions/${SUBMISSION_KIND_PLURALS[kind]}${entityId ? `/${entityId}` : ''}`,
      payload,
    ),
    201,
  );

export const voteAs = (t: TestApp, who: Member, kind: SubmissionKind, id: string, vote: 1 | -1) =>
  call(t, who, 'PATCH', `/submissions/${SUBMISSION_KIND_PLURALS[kind]}/vote/${id}`, { vote });

/** Each voter votes; every vote must be accepted. Returns the card after the last. */
export async function votesOf(
  t: TestApp,
  voters: readonly Member[],
  kind: SubmissionKind,
  id: string,
  vote: 1 | -1,
): Promise<SubmissionCard> {
  let card: SubmissionCard | null = null;
  for (const v of voters) card = await ok<SubmissionCard>(voteAs(t, v, kind, id, vote));
  return card!;
}

export const artistPayload = (name = 'Stereolab') => ({ name, note: 'New artist' });
