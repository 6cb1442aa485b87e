/**
 * Every route path of the app, as data. `path` is the router pattern (always
 * absolute, so nested routes read the same as links); `href(...)` builds a
 * link to it. Pages and components link through these, never by hand.
 */

const enc = encodeURIComponent;

/** Only same-site paths are accepted as a place to return to after login. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

export const paths = {
  home: { path: '/', href: () => '/' },
  theme: { path: '/theme', href: () => '/theme' },

  login: {
    path: '/login',
    /** `redirectTo` is where to go after signing in; `mode` opens the sign-up form. */
    href: (redirectTo?: string, mode?: 'signup') => {
      const params = new URLSearchParams();
      if (mode) params.set('mode', mode);
      const to = safeRedirectPath(redirectTo);
      if (to && to !== '/' && !to.startsWith('/login')) params.set('redirectTo', to);
      const qs = params.toString();
      return qs ? `/login?${qs}` : '/login';
    },
  },
  confirm: { path: '/confirm', href: () => '/confirm' },
  accountConfirm: {
    path: '/account/confirm/:token',
    href: (token: string) => `/account/confirm/${enc(token)}`,
  },
  passwordReset: { path: '/account/password/reset', href: () => '/account/password/reset' },
  passwordNew: {
    path: '/account/password/new/:token',
    href: (token: string) => `/account/password/new/${enc(token)}`,
  },

  settings: { path: '/settings', href: () => '/settings' },
  settingsProfile: { path: '/settings/profile', href: () => '/settings/profile' },
  settingsImage: { path: '/settings/image', href: () => '/settings/image' },
  settingsContent: { path: '/settings/content', href: () => '/settings/content' },
  settingsAccount: { path: '/settings/account', href: () => '/settings/account' },

  search: {
    path: '/search',
    href: (q?: string) => (q ? `/search?q=${enc(q)}` : '/search'),
  },
  /** One kind of result (`release`, `artist`, `label`, `genre`, `user`), page by page. */
  searchType: {
    path: '/search/:kind',
    href: (kind: string, q?: string) =>
      q ? `/search/${enc(kind)}?q=${enc(q)}` : `/search/${enc(kind)}`,
  },

  releases: {
    path: '/releases',
    href: (kind?: string) => (kind ? `/releases/${kind}` : '/releases'),
  },
  /** One of the release lists (`ReleaseListKind` values: new, popular, top, ...). */
  releaseList: { path: '/releases/:kind', href: (kind: string) => `/releases/${enc(kind)}` },
  release: { path: '/release/:id', href: (id: string) => `/release/${enc(id)}` },
  releaseLists: { path: '/release/:id/lists', href: (id: string) => `/release/${enc(id)}/lists` },
  releaseRatings: {
    path: '/release/:id/ratings',
    href: (id: string) => `/release/${enc(id)}/ratings`,
  },
  reviews: { path: '/reviews', href: (kind?: string) => (kind ? `/reviews/${kind}` : '/reviews') },
  /** One of the review lists (`new` or `top`). */
  reviewList: { path: '/reviews/:sort', href: (sort: string) => `/reviews/${enc(sort)}` },
  review: { path: '/review/:id', href: (id: string) => `/review/${enc(id)}` },
  lists: { path: '/lists', href: (kind?: string) => (kind ? `/lists/${kind}` : '/lists') },
  /** One of the lists of lists (`new` or `popular`). */
  listsTab: { path: '/lists/:sort', href: (sort: string) => `/lists/${enc(sort)}` },
  list: { path: '/list/:id', href: (id: string) => `/list/${enc(id)}` },
  listEdit: { path: '/list/:id/edit', href: (id: string) => `/list/${enc(id)}/edit` },
  artist: { path: '/artist/:id', href: (id: string) => `/artist/${enc(id)}` },
  label: { path: '/label/:id', href: (id: string) => `/label/${enc(id)}` },
  genre: { path: '/genre/:id', href: (id: string) => `/genre/${enc(id)}` },

  contributions: { path: '/contributions', href: () => '/contributions' },
  openContributions: { path: '/contributions/releases', href: () => '/contributions/releases' },
  addRelease: { path: '/contributions/releases/new', href: () => '/contributions/releases/new' },
  history: { path: '/history', href: () => '/history' },
  editGenre: {
    path: '/contributions/genres/:id',
    href: (id: string) => `/contributions/genres/${enc(id)}`,
  },
  genreHistory: { path: '/history/genre/:id', href: (id: string) => `/history/genre/${enc(id)}` },
  /** Browsing contributions: a kind's lists (`releases`...; `open` or `auto-approved`). */
  contributionsKind: {
    path: '/contributions/:kind',
    href: (plural: string) => `/contributions/${enc(plural)}`,
  },
  contributionsList: {
    path: '/contributions/:kind/:status',
    href: (plural: string, status: 'open' | 'auto-approved') =>
      `/contributions/${enc(plural)}/${status}`,
  },
  /** One submission (`release`, `artist`, `label`, `genre`). */
  submission: {
    path: '/contributions/:kind/:id',
    href: (kind: string, id: string) => `/contributions/${enc(kind)}/${enc(id)}`,
  },
  pendingDeletions: {
    path: '/contributions/pending-deletions',
    href: () => '/contributions/pending-deletions',
  },
  merge: { path: '/contributions/merge', href: () => '/contributions/merge' },
  /** The admins' reports queue, by status (`open` when absent). */
  reports: {
    path: '/contributions/reports',
    href: (status?: string) =>
      status && status !== 'open'
        ? `/contributions/reports?status=${enc(status)}`
        : '/contributions/reports',
  },
  audit: { path: '/contributions/audit', href: () => '/contributions/audit' },
  /** An entity's applied changes (`release`, `artist`, `label`, `genre`). */
  entityHistory: {
    path: '/history/:kind/:id',
    href: (kind: string, id: string) => `/history/${enc(kind)}/${enc(id)}`,
  },
  /* The contribution forms: edit pages of each kind and Add genre. */
  editRelease: {
    path: '/contributions/releases/:id',
    href: (id: string) => `/contributions/releases/${enc(id)}`,
  },
  editArtist: {
    path: '/contributions/artists/:id',
    href: (id: string) => `/contributions/artists/${enc(id)}`,
  },
  editLabel: {
    path: '/contributions/labels/:id',
    href: (id: string) => `/contributions/labels/${enc(id)}`,
  },
  addGenre: { path: '/contributions/genres/new', href: () => '/contributions/genres/new' },

  contributing: { path: '/contributing', href: () => '/contributing' },
  rules: { path: '/rules', href: () => '/rules' },
  supportUs: { path: '/support-us', href: () => '/support-us' },
  privacy: { path: '/legal/privacy', href: () => '/legal/privacy' },
  terms: { path: '/legal/terms', href: () => '/legal/terms' },

  /** Last, so every fixed top-level path above wins over a username. */
  user: { path: '/:username', href: (username: string) => `/${enc(username)}` },
  userMusic: {
    path: '/:username/music',
    href: (username: string) => `/${enc(username)}/music`,
  },
  userReviews: {
    path: '/:username/reviews',
    href: (username: string) => `/${enc(username)}/reviews`,
  },
  userLists: {
    path: '/:username/lists',
    href: (username: string) => `/${enc(username)}/lists`,
  },
  userFollowing: {
    path: '/:username/following',
    href: (username: string) => `/${enc(username)}/following`,
  },
  userFollowers: {
    path: '/:username/followers',
    href: (username: string) => `/${enc(username)}/followers`,
  },
  /** A member's submissions, by kind (`releases`, `artists`, `labels`, `genres`). */
  userContributions: {
    path: '/:username/contributions',
    href: (username: string) => `/${enc(username)}/contributions`,
  },
  userContributionsKind: {
    path: '/:username/contributions/:kind',
    href: (username: string, plural: string) => `/${enc(username)}/contributions/${enc(plural)}`,
  },
} as const;
