import { ReleaseListKind, TOP_MIN_RATINGS_ALL_TIME, TOP_MIN_RATINGS_YEAR } from '@earmark/common';

export interface ReleaseListTab {
  kind: ReleaseListKind;
  /** Tab label. */
  label: string;
  /** Page title and section heading. */
  title: string;
  description: string;
  /** Why the list can be empty, when that is not obvious. */
  emptyReason?: string;
}

/** The release lists offered as tabs under /releases, in tab order. */
export const RELEASE_LIST_TABS: readonly ReleaseListTab[] = [
  {
    kind: ReleaseListKind.New,
    label: 'New',
    title: 'New releases',
    description: 'The latest albums, EPs and singles, newest first.',
  },
  {
    kind: ReleaseListKind.Popular,
    label: 'Popular',
    title: 'Popular releases',
    description: 'What Earmark listeners have been logging most in the last 30 days.',
  },
  {
    kind: ReleaseListKind.RecentlyAdded,
    label: 'Recently added',
    title: 'Recently added',
    description: 'Releases most recently added to the Earmark catalogue.',
  },
  {
    kind: ReleaseListKind.Upcoming,
    label: 'Upcoming',
    title: 'Upcoming releases',
    description: 'Albums, EPs and singles coming soon, soonest first.',
  },
  {
    kind: ReleaseListKind.Top,
    label: 'Top',
    title: 'Top releases',
    description:
      'The highest-rated albums, EPs, mixtapes, live albums and compilations of all time.',
    emptyReason: `Releases need at least ${TOP_MIN_RATINGS_ALL_TIME} ratings to chart`,
  },
  {
    kind: ReleaseListKind.TopOfTheYear,
    label: 'Top of the year',
    title: 'Top of the year',
    description: 'The highest-rated releases of this year so far.',
    emptyReason: `Releases need at least ${TOP_MIN_RATINGS_YEAR} ratings this year to chart`,
  },
];

export const findReleaseListTab = (slug: string | undefined) =>
  RELEASE_LIST_TABS.find((tab) => tab.kind === slug);
