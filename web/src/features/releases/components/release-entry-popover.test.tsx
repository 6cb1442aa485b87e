import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CurrentUser, ReleaseSummary } from '@earmark/common';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser, mockApi } from '../../../test/fetch-mock';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { rated, releaseRoutes } from '../../entries/test-support';
import { makeRelease, makeReleaseSummary } from '../test-support';
import { ReleaseCard } from './release-card';
import { panelPlacement } from './release-entry-popover';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

const viewerEntry = { id: 'e1', rating: 85, hasReview: false, hasTrackVotes: false };

describe('release card entry', () => {
  it("shows the viewer's own rating instead of the average", () => {
    mockApi({});
    renderCard(makeReleaseSummary({ viewerEntry }), makeUser());
    const card = screen.getByRole('article');
    expect(card.textContent).toContain('Your rating 8.5');
    expect(card.textContent).not.toContain('123 ratings');
  });

  it('says Reviewed or Logged for an entry without a rating', () => {
    mockApi({});
    renderCard(
      makeReleaseSummary({ viewerEntry: { ...viewerEntry, rating: null, hasReview: true } }),
      makeUser(),
    );
    expect(screen.getByText('Reviewed')).toBeTruthy();
    cleanup();
    renderCard(
      makeReleaseSummary({ viewerEntry: { ...viewerEntry, rating: null, hasTrackVotes: true } }),
      makeUser(),
    );
    expect(screen.getByText('Logged')).toBeTruthy();
  });

  it('gives visitors no entry button', () => {
    mockApi({});
    renderCard(makeReleaseSummary(), null);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens a popup with the rating and track votes; Escape closes it', async () => {
    mockApi({ ...releaseRoutes(makeRelease({ viewerEntry }), rated(85)) });
    renderCard(makeReleaseSummary({ viewerEntry }), makeUser());
    // The name starts with the rating the button shows.
    const trigger = screen.getByRole('button', { name: '8.5 is your rating for Blue Hour' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(trigger);
    const popup = screen.getByRole('dialog', { name: 'Blue Hour' });
    const field = await within(popup).findByRole('textbox', { name: 'Rating from 0 to 10' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('8.5'));
    expect(
      await within(popup).findByRole('button', { name: /^\d+ favourite: Tide$/ }),
    ).toBeTruthy();

    await userEvent.click(field);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('offers no rating in the popup for a release that is not out yet', async () => {
    const future = makeRelease({ date: '2999-01-01' });
    mockApi({ ...releaseRoutes(future, null) });
    renderCard(makeReleaseSummary({ date: '2999-01-01', viewerEntry: null }), makeUser());
    const trigger = screen.getByRole('button', { name: 'Rate Blue Hour' });
    await userEvent.click(trigger);
    expect(await screen.findByText(/This release is not out yet/)).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: /favourite/i })).toBeNull();
  });
});

describe('popup placement', () => {
  it('extends towards the side with room and stays inside the window', () => {
    // A card button on the left of a wide window: the panel starts under it.
    expect(panelPlacement({ left: 100, width: 50 }, 1400)).toMatchObject({ left: 0, width: 320 });
    // On the right: it ends under the button's right edge.
    expect(panelPlacement({ left: 1200, width: 50 }, 1400)).toMatchObject({ left: -270 });
    // On a phone it is shifted back inside the screen and narrowed to fit.
    expect(panelPlacement({ left: 190, width: 60 }, 390)).toEqual({
      left: -182,
      right: 'auto',
      width: 320,
    });
    expect(panelPlacement({ left: 10, width: 60 }, 300)).toMatchObject({ left: -2, width: 284 });
  });
});
