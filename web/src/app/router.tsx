import { createBrowserRouter, data, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import {
  ReleaseListKind,
  RESERVED_USERNAMES,
  SUBMISSION_KINDS,
  SUBMISSION_KIND_PLURAL_VALUES,
} from '@earmark/common';
import { PageSpinner } from '../components/spinner';
import NotFoundPage, { RouteErrorView } from '../components/error-views';
import { RequireAuth } from './gates';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { paths } from '../lib/paths';

/**
 * A reserved word (a route name) can never be a username: answer 404 without
 * a request. (The list is compared directly: the schema module that also
 * offers this check would pull Zod into the entry chunk.)
 */
function usernameLoader({ params }: LoaderFunctionArgs) {
  const username = params.username?.toLowerCase();
  if (!username || RESERVED_USERNAMES.includes(username)) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  return null;
}

/** Pages anyone may open. */
const publicPages: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/home/pages/home-page')) },
  { path: paths.theme.path, lazy: lazyPage(() => import('../features/theme/pages/theme-page')) },
  { path: paths.login.path, lazy: lazyPage(() => import('../features/auth/pages/login-page')) },
  {
    path: paths.passwordReset.path,
    lazy: lazyPage(() => import('../features/auth/pages/password-reset-page')),
  },
  {
    path: paths.passwordNew.path,
    lazy: lazyPage(() => import('../features/auth/pages/password-new-page')),
  },
  { path: paths.rules.path, lazy: lazyPage(() => import('../features/info/pages/rules-page')) },
  {
    path: paths.contributing.path,
    lazy: lazyPage(() => import('../features/info/pages/contributing-page')),
  },
  {
    path: paths.supportUs.path,
    lazy: lazyPage(() => import('../features/info/pages/support-us-page')),
  },
  { path: paths.privacy.path, lazy: lazyPage(() => import('../features/info/pages/privacy-page')) },
  { path: paths.terms.path, lazy: lazyPage(() => import('../features/info/pages/terms-page')) },
  { path: paths.search.path, lazy: lazyPage(() => import('../features/search/pages/search-page')) },
  {
    path: paths.searchType.path,
    lazy: lazyPage(() => import('../features/search/pages/search-type-page')),
  },
  ...cataloguePages(),
];

/** Release lists, releases, artists, labels and genres. */
function cataloguePages(): RouteObject[] {
  return [
    {
      path: paths.releases.path,
      loader: () => redirect(paths.releaseList.href(ReleaseListKind.New)),
      Component: () => null,
    },
    {
      path: paths.releaseList.path,
      lazy: lazyPage(() => import('../features/releases/pages/release-list-page')),
    },
    {
      path: paths.reviews.path,
      loader: () => redirect(paths.reviewList.href('new')),
      Component: () => null,
    },
    {
      path: paths.reviewList.path,
      lazy: lazyPage(() => import('../features/reviews/pages/reviews-page')),
    },
    {
      path: paths.review.path,
      lazy: lazyPage(() => import('../features/reviews/pages/review-page')),
    },
    {
      path: paths.lists.path,
      loader: () => redirect(paths.listsTab.href('new')),
      Component: () => null,
    },
    {
      path: paths.listsTab.path,
      lazy: lazyPage(() => import('../features/lists/pages/lists-page')),
    },
    { path: paths.list.path, lazy: lazyPage(() => import('../features/lists/pages/list-page')) },
    {
      path: paths.release.path,
      lazy: lazyPage(() => import('../features/releases/pages/release-page')),
      children: [
        {
          index: true,
          lazy: lazyPage(() => import('../features/releases/pages/release-reviews-page')),
        },
        {
          path: paths.releaseLists.path,
          lazy: lazyPage(() => import('../features/releases/pages/release-lists-page')),
        },
        {
          path: paths.releaseRatings.path,
          lazy: lazyPage(() => import('../features/releases/pages/release-ratings-page')),
        },
      ],
    },
    {
      path: paths.artist.path,
      lazy: lazyPage(() => import('../features/artists/pages/artist-page')),
    },
    { path: paths.label.path, lazy: lazyPage(() => import('../features/labels/pages/label-page')) },
    { path: paths.genre.path, lazy: lazyPage(() => import('../features/genres/pages/genre-page')) },
  ];
}

/**
 * Browsing contributions: each kind's lists (fixed paths, so they win over
 * the edit pages' `/contributions/releases/:id`), one submission, an
 * entity's history, pending deletions and a member's contributions.
 */
function contributionBrowsePages(): RouteObject[] {
  const listPage = lazyPage(() => import('../features/contributions/pages/contributions-page'));
  const submissionPage = lazyPage(() => import('../features/contributions/pages/submission-page'));
  return [
    {
      path: paths.contributions.path,
      loader: () => redirect(paths.contributionsList.href('releases', 'open')),
      Component: () => null,
    },
    ...SUBMISSION_KIND_PLURAL_VALUES.flatMap((plural): RouteObject[] => [
      {
        path: paths.contributionsKind.href(plural),
        loader: () => redirect(paths.contributionsList.href(plural, 'open')),
        Component: () => null,
      },
      { path: paths.contributionsList.href(plural, 'open'), lazy: listPage },
      { path: paths.contributionsList.href(plural, 'auto-approved'), lazy: listPage },
    ]),
    ...SUBMISSION_KINDS.map((kind) => ({
      path: `${paths.contributions.path}/${kind}/:id`,
      lazy: submissionPage,
    })),
    {
      path: paths.pendingDeletions.path,
      lazy: lazyPage(() => import('../features/contributions/pages/pending-deletions-page')),
    },
    {
      path: paths.merge.path,
      lazy: lazyPage(() => import('../features/contributions/pages/merge-page')),
    },
    {
      path: paths.reports.path,
      lazy: lazyPage(() => import('../features/admin/pages/reports-page')),
    },
    {
      path: paths.audit.path,
      lazy: lazyPage(() => import('../features/admin/pages/audit-page')),
    },
    {
      path: paths.entityHistory.path,
      lazy: lazyPage(() => import('../features/contributions/pages/history-page')),
    },
    {
      path: paths.userContributions.path,
      loader: (args: LoaderFunctionArgs) =>
        usernameLoader(args) ??
        redirect(paths.userContributionsKind.href(args.params.username ?? '', 'releases')),
      Component: () => null,
    },
    {
      path: paths.userContributionsKind.path,
      loader: usernameLoader,
      lazy: lazyPage(() => import('../features/contributions/pages/user-contributions-page')),
    },
  ];
}

/** Pages that need an account; signed-out visitors get the login prompt. */
const loginRequiredPages: RouteObject[] = [
  { path: paths.confirm.path, lazy: lazyPage(() => import('../features/auth/pages/confirm-page')) },
  ...contributionBrowsePages(),
  {
    path: paths.listEdit.path,
    lazy: lazyPage(() => import('../features/lists/pages/list-edit-page')),
  },
  ...contributionFormPages(),
  {
    path: paths.settings.path,
    lazy: lazyPage(() => import('../features/settings/pages/settings-layout')),
    children: [
      { index: true, loader: () => redirect(paths.settingsProfile.href()), Component: () => null },
      {
        path: paths.settingsProfile.path,
        lazy: lazyPage(() => import('../features/settings/pages/settings-profile-page')),
      },
      {
        path: paths.settingsImage.path,
        lazy: lazyPage(() => import('../features/settings/pages/settings-image-page')),
      },
      {
        path: paths.settingsContent.path,
        lazy: lazyPage(() => import('../features/settings/pages/settings-content-page')),
      },
      {
        path: paths.settingsAccount.path,
        lazy: lazyPage(() => import('../features/settings/pages/settings-account-page')),
      },
    ],
  },
];

/** Add Release, Add genre and the edit pages of releases, artists, labels and genres. */
function contributionFormPages(): RouteObject[] {
  const releaseForm = lazyPage(() => import('../features/contributions/pages/release-form-page'));
  const genreForm = lazyPage(() => import('../features/contributions/pages/genre-form-page'));
  return [
    { path: paths.addRelease.path, lazy: releaseForm },
    { path: paths.editRelease.path, lazy: releaseForm },
    {
      path: paths.editArtist.path,
      lazy: lazyPage(() => import('../features/contributions/pages/artist-form-page')),
    },
    {
      path: paths.editLabel.path,
      lazy: lazyPage(() => import('../features/contributions/pages/label-form-page')),
    },
    { path: paths.addGenre.path, lazy: genreForm },
    { path: paths.editGenre.path, lazy: genreForm },
  ];
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      // Opened from the confirmation email; deliberately outside the main layout.
      {
        path: paths.accountConfirm.path,
        lazy: lazyPage(() => import('../features/auth/pages/account-confirm-page')),
      },
      {
        element: <AppLayout />,
        children: [
          {
            // Page errors render inside the layout, so the header stays usable.
            errorElement: <RouteErrorView />,
            children: [
              ...publicPages,
              { element: <RequireAuth />, children: loginRequiredPages },
              {
                path: paths.user.path,
                loader: usernameLoader,
                lazy: lazyPage(() => import('../features/users/pages/profile-page')),
                children: [
                  {
                    index: true,
                    lazy: lazyPage(() => import('../features/users/pages/profile-overview-page')),
                  },
                  {
                    path: paths.userMusic.path,
                    lazy: lazyPage(() => import('../features/users/pages/profile-music-page')),
                  },
                  {
                    path: paths.userReviews.path,
                    lazy: lazyPage(() => import('../features/users/pages/profile-reviews-page')),
                  },
                  {
                    path: paths.userLists.path,
                    lazy: lazyPage(() => import('../features/users/pages/profile-lists-page')),
                  },
                  {
                    path: paths.userFollowing.path,
                    lazy: lazyPage(() => import('../features/users/pages/profile-following-page')),
                  },
                  {
                    path: paths.userFollowers.path,
                    lazy: lazyPage(() => import('../features/users/pages/profile-followers-page')),
                  },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
