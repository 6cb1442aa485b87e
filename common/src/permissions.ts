import { AccountStatus, ContributorStatus, SupporterStatus } from './enums';

interface WithStatuses {
  contributorStatus: number;
  accountStatus?: number;
  supporter?: number;
}

export const canVoteOnSubmissions = (u: WithStatuses | null | undefined): boolean =>
  !!u && u.contributorStatus >= ContributorStatus.TRUSTED_CONTRIBUTOR;

export const isAdmin = (u: WithStatuses | null | undefined): boolean =>
  !!u && u.contributorStatus === ContributorStatus.ADMIN;

export const isEditorOrAdmin = (u: WithStatuses | null | undefined): boolean =>
  !!u && u.contributorStatus >= ContributorStatus.EDITOR;

export const isSupporter = (u: WithStatuses | null | undefined): boolean =>
  !!u && (u.supporter ?? 0) >= SupporterStatus.SUPPORTER;

export const isNotConfirmed = (u: WithStatuses | null | undefined): boolean =>
  !!u && u.accountStatus === AccountStatus.NOT_CONFIRMED;

/** Banned and deleted accounts cannot sign in and lose their sessions. */
export const isLockedOut = (status: number): boolean =>
  status === AccountStatus.BANNED || status === AccountStatus.DELETED;
