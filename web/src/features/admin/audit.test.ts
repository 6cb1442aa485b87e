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
    ).toEqual([{ key: 'accountStatus', before: 'Confirmed', after: 'Banned' }]);
    expect(
      auditChanges({
        before: { contributorStatus: ContributorStatus.CONTRIBUTOR },
        after: { contributorStatus: ContributorStatus.EDITOR },
      }),
    ).toEqual([{ key: 'contributorStatus', before: 'Contributor', after: 'Editor' }]);
  });

  it('keeps one-sided records and plain values as they are', () => {
    expect(
      auditChanges({ before: null, after: { message: 'Hello', link: null, count: 2 } }),
    ).toEqual([
      { key: 'message', before: null, after: 'Hello' },
      { key: 'link', before: null, after: '—' },
      { key: 'count', before: null, after: '2' },
    ]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
});
