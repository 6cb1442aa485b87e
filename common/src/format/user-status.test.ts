import { describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus } from '../enums';
import { accountStatusLabel, contributorBadgeLabel } from './user-status';

describe('contributorBadgeLabel', () => {
  it('shows no role below trusted contributor', () => {
    expect(contributorBadgeLabel(ContributorStatus.NOT_A_CONTRIBUTOR)).toBeNull();
    expect(contributorBadgeLabel(ContributorStatus.CONTRIBUTOR)).toBeNull();
    expect(contributorBadgeLabel(39)).toBeNull();
  });

  it('names trusted contributors, editors and admins', () => {
    expect(contributorBadgeLabel(ContributorStatus.TRUSTED_CONTRIBUTOR)).toBe(
      'Trusted contributor',
    );
    expect(contributorBadgeLabel(ContributorStatus.EDITOR)).toBe('Editor');
    expect(contributorBadgeLabel(ContributorStatus.ADMIN)).toBe('Admin');
  });

  it('treats a value between levels as the level beneath it', () => {
    expect(contributorBadgeLabel(50)).toBe('Trusted contributor');
    expect(contributorBadgeLabel(70)).toBe('Editor');
  });
});

describe('accountStatusLabel', () => {
  it('names every known status', () => {
    expect(accountStatusLabel(AccountStatus.NOT_CONFIRMED)).toBe('Not confirmed');
    expect(accountStatusLabel(AccountStatus.CONFIRMED)).toBe('Confirmed');
    expect(accountStatusLabel(AccountStatus.BANNED)).toBe('Banned');
  });

  it('falls back to the number for an unknown status', () => {
    expect(accountStatusLabel(30)).toBe('Status 30');
  });
});
