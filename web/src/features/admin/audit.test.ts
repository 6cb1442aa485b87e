import { describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus } from '@earmark/common';
import { auditChanges } from './audit';

describe('auditChanges', () => {
  it('names status numbers on both sides', () => {
    expect(
      auditChanges({
        before: { accountStatus: AccountStatus.CONFIRMED },
        after: { accountStatus: AccountStatus.BANNED },
      }),
    ).toEqual([
      { key: 'accountStatus', label: 'Account status', before: 'Confirmed', after: 'Banned' },
    ]);
    expect(
      auditChanges({
        before: { contributorStatus: ContributorStatus.CONTRIBUTOR },
        after: { contributorStatus: ContributorStatus.EDITOR },
      }),
    ).toEqual([
      {
        key: 'contributorStatus',
        label: 'Contributor status',
        before: 'Contributor',
        after: 'Editor',
      },
    ]);
  });

  it('keeps one-sided records and plain values as they are', () => {
    expect(
      auditChanges({ before: null, after: { message: 'Hello', link: null, count: 2 } }),
    ).toEqual([
      { key: 'message', label: 'Message', before: null, after: 'Hello' },
      { key: 'link', label: 'Link', before: null, after: '—' },
      { key: 'count', label: 'count', before: null, after: '2' },
    ]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
});
