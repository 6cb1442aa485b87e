/** Business constants and limits shared by the server and the web client. */

import { ReleaseType } from './enums';

export const PRODUCT_NAME = 'Earmark';

export const RATING_MIN = 0;
export const RATING_MAX = 100;
/** Typed ratings are 0-10 in steps of 0.1; stored value is typed × 10. */
export const RATING_INPUT_STEP = 0.1;
export const RATING_SLIDER_STEP = 1;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;

export const RELEASES_PAGE_SIZE = 48;
export const SEARCH_DROPDOWN_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

export const QUERY_STALE_TIME_MS = 30 * 60 * 1000;
export const QUERY_MAX_RETRIES = 3;
export const MODULE_RELOAD_DELAY_MS = 1000;

export const DISCARD_WINDOW_MS = 60 * 60 * 1000;

export const TOAST_DURATION_MS = 5000;
export const TOOLTIP_DELAY_MS = 200;
export const TOOLTIP_TAP_CLOSE_MS = 3000;

export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920 } as const;

export const RELEASE_GRID_COLUMNS = { wide: 6, medium: 4, small: 3 } as const;
export const RATINGS_GRID_COLUMNS = { wide: 5, medium: 4, small: 3 } as const;
export const VIRTUAL_OVERSCAN_PX = 1000;
export const VIRTUAL_ROW_ESTIMATE_PX = 330;
export const CARD_PADDING_PX = 4;
export const INFINITE_SCROLL_MARGIN_PX = 10;

export const AVATAR_LARGE_PX = 170;

/** Account tokens and sessions. */
export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Uploads. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_SIDE_PX = 6000;
export const AVATAR_SIZES = { sm: 64, md: 256 } as const;

/** Text limits. */
export const REVIEW_MAX_LENGTH = 20_000;
export const COMMENT_MAX_LENGTH = 5_000;
export const LIST_DESCRIPTION_MAX_LENGTH = 10_000;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Submissions (used by later features; kept here so every side agrees). */
export const SUBMISSION_VOTES_TO_DECIDE = 3;
export const GENRE_SUBMISSION_VOTES_TO_DECIDE = 5;

/**
 * The daily trusted promotion: a contributor becomes trusted once the account
 * is TRUSTED_MIN_ACCOUNT_DAYS old with TRUSTED_MIN_APPLIED applied
 * submissions, TRUSTED_MIN_RECENT_APPLIED of them applied in the last
 * TRUSTED_RECENT_WINDOW_DAYS days; a trusted contributor who no longer
 * qualifies goes back to contributor.
 */
export const TRUSTED_MIN_ACCOUNT_DAYS = 60;
export const TRUSTED_MIN_APPLIED = 200;
export const TRUSTED_MIN_RECENT_APPLIED = 5;
export const TRUSTED_RECENT_WINDOW_DAYS = 30;

/** Release list rules. */
export const POPULAR_WINDOW_DAYS = 30;
export const NEW_POPULAR_WINDOW_DAYS = 14;
export const TOP_MIN_RATINGS_ALL_TIME = 15;
export const TOP_MIN_RATINGS_YEAR = 10;
/** Only album-like types compete in the top lists; singles, remixes, videos... do not. */
export const TOP_TYPES: readonly ReleaseType[] = [
  ReleaseType.LP,
  ReleaseType.EP,
  ReleaseType.Mixtape,
  ReleaseType.Live,
  ReleaseType.Compilation,
];

/**
 * Names that cannot be usernames because a top-level route or a server path
 * uses them. Compared case-insensitively.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'account',
  'admin',
  'api',
  'artist',
  'artists',
  'assets',
  'auth',
  'confirm',
  'contributing',
  'contributions',
  'docs',
  'earmark',
  'favicon.ico',
  'genre',
  'genres',
  'health',
  'history',
  'home',
  'label',
  'labels',
  'legal',
  'list',
  'lists',
  'login',
  'logout',
  'media',
  'notifications',
  'privacy',
  'release',
  'releases',
  'review',
  'reviews',
  'robots.txt',
  'rules',
  'search',
  'settings',
  'signup',
  'socket.io',
  'static',
  'support',
  'support-us',
  'terms',
  'theme',
  'user',
  'users',
];

export const CONTACT_EMAIL = 'hello@earmark.example';

/** Lists. */
export const LIST_TITLE_MAX_LENGTH = 150;
export const LIST_NOTE_MAX_LENGTH = 5_000;
export const LIST_ITEMS_MAX = 5_000;
export const LISTS_PAGE_SIZE = 24;
export const LIST_ITEMS_PAGE_SIZE = 50;
