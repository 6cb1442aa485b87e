import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ExplicitCoverArt, ReleaseType } from '@earmark/common';
import type { CurrentUser, ReleaseSummary } from '@earmark/common';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser } from '../../../test/fetch-mock';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { makeReleaseSummary } from '../test-support';
import { ReleaseCard } from './release-card';

afterEach(cleanup);

/** Renders a card for a viewer (null: signed out) without any network. */
function renderCard(release: ReleaseSummary, viewer: CurrentUser | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions().queryKey, viewer);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReleaseCard release={release} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const coverImage = () => document.querySelector('img');
const { NUDITY, BLOOD_GORE } = ExplicitCoverArt;

describe('release card', () => {
  it('shows title, artists, date, type and average rating', () => {
    renderCard(makeReleaseSummary({ titleLatin: 'Aoi Jikan', title: '青い時間' }), null);
    expect(screen.getByRole('link', { name: '青い時間' }).getAttribute('href')).toBe('/release/r1');
    expect(screen.getByText('Aoi Jikan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mira Vale' }).getAttribute('href')).toBe('/artist/a1');
    expect(screen.getByText('5 Mar 2024')).toBeTruthy();
    expect(screen.getByText('LP')).toBeTruthy();
    expect(screen.getByText('8.4')).toBeTruthy();
    expect(screen.getByText('123 ratings')).toBeTruthy();
  });

  it('says when a release has no ratings', () => {
    renderCard(
      makeReleaseSummary({
        type: ReleaseType.EP,
        datePrecision: 'year',
        date: '1999-01-01',
        stats: { ratingsCount: 0, ratingsAvg: null },
      }),
      null,
    );
    expect(screen.getByText('No ratings yet')).toBeTruthy();
    expect(screen.getByText('1999')).toBeTruthy();
  });

  it('loads the small cover sizes lazily', () => {
    renderCard(makeReleaseSummary(), null);
    const img = coverImage();
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('srcset')).toBe(
      '/media/covers/r1-sm.webp 250w, /media/covers/r1-md.webp 500w',
    );
  });

  it('shows a signed-out viewer the placeholder for an explicit cover', () => {
    renderCard(makeReleaseSummary({ explicitCoverArt: [NUDITY] }), null);
    expect(coverImage()).toBeNull();
    expect(screen.getByText('Explicit cover')).toBeTruthy();
  });

  it('keeps the placeholder when the viewer allows only some of the categories', () => {
    renderCard(
      makeReleaseSummary({ explicitCoverArt: [NUDITY, BLOOD_GORE] }),
      makeUser({ allowExplicitCoverArt: [NUDITY] }),
    );
    expect(coverImage()).toBeNull();
    expect(screen.getByText('Explicit cover')).toBeTruthy();
  });

  it('shows the real cover when the viewer allows every category', () => {
    renderCard(
      makeReleaseSummary({ explicitCoverArt: [NUDITY, BLOOD_GORE] }),
      makeUser({ allowExplicitCoverArt: [BLOOD_GORE, NUDITY] }),
    );
    expect(coverImage()?.getAttribute('src')).toBe('/media/covers/r1-md.webp');
    expect(screen.queryByText('Explicit cover')).toBeNull();
  });

  it('shows a plain placeholder for a release without a cover', () => {
    renderCard(makeReleaseSummary({ cover: null }), null);
    expect(coverImage()).toBeNull();
    expect(screen.queryByText('Explicit cover')).toBeNull();
  });
});
