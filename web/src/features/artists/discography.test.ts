import { describe, expect, it } from 'vitest';
import { ReleaseType } from '@earmark/common';
import { makeReleaseSummary } from '../releases/test-support';
import { groupDiscography } from './discography';

describe('groupDiscography', () => {
  it('groups by type with LPs first, then EPs and singles, newest first in each', () => {
    const groups = groupDiscography([
      makeReleaseSummary({ id: 's1', type: ReleaseType.Single, date: '2021-05-01' }),
      makeReleaseSummary({ id: 'lp1', type: ReleaseType.LP, date: '2015-01-01' }),
      makeReleaseSummary({ id: 'ep1', type: ReleaseType.EP, date: '2018-01-01' }),
      makeReleaseSummary({ id: 'lp2', type: ReleaseType.LP, date: '2020-09-09' }),
      makeReleaseSummary({ id: 'live', type: ReleaseType.Live, date: null }),
    ]);
    expect(groups.map((group) => group.title)).toEqual(['LPs', 'EPs', 'Singles', 'Live albums']);
    expect(groups[0]?.releases.map((release) => release.id)).toEqual(['lp2', 'lp1']);
  });

  it('gives no groups for an artist without releases', () => {
    expect(groupDiscography([])).toEqual([]);
  });
});
