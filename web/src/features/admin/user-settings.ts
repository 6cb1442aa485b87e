import {
  AccountStatus,
  ContributorStatus,
  SupporterStatus,
  accountStatusLabels,
  contributorStatusLabels,
  enumValues,
} from '@earmark/common';

/** One choice of a status select: the numeric value and its name. */
export interface StatusOption {
  value: number;
  label: string;
}

export const CONTRIBUTOR_OPTIONS: StatusOption[] = enumValues(ContributorStatus).map((value) => ({
  value,
  label: contributorStatusLabels[value],
}));

export const SUPPORTER_OPTIONS: StatusOption[] = [
  { value: SupporterStatus.NOT_A_SUPPORTER, label: 'Not a supporter' },
  { value: SupporterStatus.SUPPORTER, label: 'Supporter' },
];

/**
 * The account statuses an admin sets. Not confirmed is the account's own
 * step (its owner confirms the address), so it is offered only to show an
 * account that is still in it.
 */
export function accountOptions(current: number): StatusOption[] {
  return enumValues(AccountStatus)
    .filter((value) => value !== AccountStatus.NOT_CONFIRMED || value === current)
    .map((value) => ({ value, label: accountStatusLabels[value] }));
}

/** What an admin must confirm before an account status takes effect; null when nothing. */
export interface StatusConfirmation {
  title: string;
  body: string;
  confirmLabel: string;
}

export function accountStatusConfirmation(status: number, name: string): StatusConfirmation | null {
  if (status === AccountStatus.BANNED) {
    return {
      title: `Ban ${name}?`,
      body:
        `${name} will be signed out at once and cannot sign in again. Their ratings, reviews, ` +
        'lists and comments are hidden until the ban is lifted; nothing is deleted.',
      confirmLabel: 'Ban',
    };
  }
  if (status === AccountStatus.DELETED) {
    return {
      title: `Delete ${name}'s account?`,
      body:
        `${name} will be signed out and their account anonymised. This cannot be undone: ` +
        'a deleted account can never be restored.',
      confirmLabel: 'Delete account',
    };
  }
  return null;
}

/** 'Account status set to Banned.' */
export const statusSavedText = (what: string, options: StatusOption[], value: number) =>
  `${what} set to ${options.find((option) => option.value === value)?.label ?? value}.`;
