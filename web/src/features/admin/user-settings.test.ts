import { describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus } from '@earmark/common';
import {
  CONTRIBUTOR_OPTIONS,
  accountOptions,
  accountStatusConfirmation,
  statusSavedText,
} from './user-settings';

describe('admin user settings', () => {
  it("names the contributor levels with the spec's names, lowest first", () => {
    expect(CONTRIBUTOR_OPTIONS.map((option) => option.label)).toEqual([
      'Not a contributor',
      'Contributor',
      'Trusted contributor',
      'Editor',
      'Admin',
    ]);
  });

  it('offers Not confirmed only to show an account still in it', () => {
    expect(accountOptions(AccountStatus.CONFIRMED).map((o) => o.label)).toEqual([
      'Confirmed',
      'Warned',
      'Banned',
      'Deleted',
    ]);
    expect(accountOptions(AccountStatus.NOT_CONFIRMED)[0]?.label).toBe('Not confirmed');
  });

  it('asks before a ban and says a deletion cannot be undone', () => {
    expect(accountStatusConfirmation(AccountStatus.BANNED, 'Ana')?.title).toBe('Ban Ana?');
    expect(accountStatusConfirmation(AccountStatus.DELETED, 'Ana')?.body).toContain(
      'cannot be undone',
    );
    expect(accountStatusConfirmation(AccountStatus.WARNED, 'Ana')).toBeNull();
    expect(accountStatusConfirmation(AccountStatus.CONFIRMED, 'Ana')).toBeNull();
  });

  it('says what was saved by its name', () => {
    expect(
      statusSavedText('Contributor status', CONTRIBUTOR_OPTIONS, ContributorStatus.EDITOR),
    ).toBe('Contributor status set to Editor.');
  });
});
