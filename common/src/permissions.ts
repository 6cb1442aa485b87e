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

/**
 * Accounts whose public content (profile, entries, reviews, tags, follows)
 * is hidden from everyone but admins: banned (until unbanned) and deleted.
 * The server's SQL visibility helpers use this same list.
 */
export const HIDDEN_ACCOUNT_STATUSES: readonly AccountStatus[] = [
  AccountStatus.BANNED,
  AccountStatus.DELETED,
];

export const isHiddenAccount = (status: number): boolean =>
  (HIDDEN_ACCOUNT_STATUSES as readonly number[]).includes(status);

/** Banned and deleted accounts cannot sign in and lose their sessions: the hidden ones. */
export const isLockedOut = isHiddenAccount;
