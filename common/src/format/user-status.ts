import { AccountStatus, ContributorStatus } from '../enums';

/** How each contributor level is named in the interface (profiles, admin tools). */
export const contributorStatusLabels: Record<ContributorStatus, string> = {
  [ContributorStatus.NOT_A_CONTRIBUTOR]: 'Not a contributor',
  [ContributorStatus.CONTRIBUTOR]: 'Contributor',
  [ContributorStatus.TRUSTED_CONTRIBUTOR]: 'Trusted contributor',
  [ContributorStatus.EDITOR]: 'Editor',
  [ContributorStatus.ADMIN]: 'Admin',
};

/** How each account status is named in the interface (settings, admin tools). */
export const accountStatusLabels: Record<AccountStatus, string> = {
  [AccountStatus.NOT_CONFIRMED]: 'Not confirmed',
  [AccountStatus.CONFIRMED]: 'Confirmed',
  [AccountStatus.WARNED]: 'Warned',
  [AccountStatus.BANNED]: 'Banned',
  [AccountStatus.DELETED]: 'Deleted',
};

/**
 * The role shown next to a user's name: trusted contributors and above earn
 * one (the level that may vote on submissions); everyone below shows none.
 * Statuses between the known levels count as the level beneath them.
 */
export function contributorBadgeLabel(status: number): string | null {
  if (status >= ContributorStatus.ADMIN) return contributorStatusLabels[ContributorStatus.ADMIN];
  if (status >= ContributorStatus.EDITOR) return contributorStatusLabels[ContributorStatus.EDITOR];
  if (status >= ContributorStatus.TRUSTED_CONTRIBUTOR) {
    return contributorStatusLabels[ContributorStatus.TRUSTED_CONTRIBUTOR];
  }
  return null;
}

/** An account status's name; unknown values (from a newer server) read as the number. */
export function accountStatusLabel(status: number): string {
  return accountStatusLabels[status as AccountStatus] ?? `Status ${status}`;
}
