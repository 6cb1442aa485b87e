import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import type { SignupInput } from '@earmark/common';
import { adminCredentials } from './support/admin';
import { openApiSession, type ApiSession } from './support/api-session';
import { catalogueApi, type CatalogueApi } from './support/catalogue';
import { serverBaseURL, serverDataDir } from './support/env';
import { mailsTo, waitForMailLink, type LinkPattern, type Mail } from './support/mail';
import {
  confirmWithLink,
  loginViaApi,
  loginViaUi,
  signUp,
  simulatedClient,
  uniqueSignup,
  type Credentials,
  type TestUser,
} from './support/users';

export type { Credentials, TestUser } from './support/users';
export type { ApiSession } from './support/api-session';
export type { Mail } from './support/mail';
export type { CatalogueApi } from './support/catalogue';
export { AVATAR_PNG } from './support/api-session';

/** The links the server mails, as `readMail` patterns. */
export const MAIL_LINKS = {
  confirm: /\/account\/confirm\/[^/?#]+/,
  passwordReset: /\/account\/password\/new\/[^/?#]+/,
} as const;

export interface NewUserOptions extends Partial<SignupInput> {
  /** Also confirm the email address, so the user is not sent to /confirm. */
  confirmed?: boolean;
}

export interface LoginOptions {
  /** 'api' (default) is fast; 'ui' fills in the login form. */
  via?: 'api' | 'ui';
}

export interface EarmarkFixtures {
  /** DATA_DIR of the server under test. */
  dataDir: string;
  /** The admin made on the server's first start (password read from its log). */
  admin: Credentials & { username: string };
  /** Signs up a unique user through the API (not signed in anywhere afterwards). */
  newUser: (options?: NewUserOptions) => Promise<TestUser>;
  /** Confirms the user's email with the link from the newest confirmation mail. */
  confirmUser: (email: string) => Promise<void>;
  /** Signs the page's browser context in as `user`. */
  login: (page: Page, user: Credentials, options?: LoginOptions) => Promise<void>;
  /**
   * Waits (10 s by default) for a mail to `email` with a link matching
   * `pattern` and returns the link, from the newest such mail.
   */
  readMail: (
    email: string,
    pattern: LinkPattern,
    options?: { timeoutMs?: number },
  ) => Promise<string>;
  /** Every mail sent to `email` so far, newest first (for counting; does not wait). */
  mailsTo: (email: string) => Promise<Mail[]>;
  /**
   * Signs `user` in on an API client of its own (not the page's), to set an
   * account up through the API. Closed when the test ends.
   */
  apiSession: (user: Credentials) => Promise<ApiSession>;
  /** Read-only catalogue calls (as a signed-out visitor), to look up what the pages should show. */
  catalogue: CatalogueApi;
}

export const test = base.extend<EarmarkFixtures>({
  // Global setup knows the server's address only once it has started it.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(serverBaseURL());
  },

  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    await use(serverDataDir());
  },

  // eslint-disable-next-line no-empty-pattern
  admin: async ({}, use) => {
    await use(adminCredentials());
  },

  // Every test's browser is a client of its own (see simulatedClient), so
  // per-address rate limits of sign-up, login and password reset count each
  // test apart, as they would count separate visitors.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, ...simulatedClient() });
  },

  readMail: async ({ dataDir }, use) => {
    const outbox = path.join(dataDir, 'outbox');
    await use((email, pattern, options) =>
      waitForMailLink(outbox, email, pattern, options?.timeoutMs),
    );
  },

  mailsTo: async ({ dataDir }, use) => {
    const outbox = path.join(dataDir, 'outbox');
    await use((email) => mailsTo(outbox, email));
  },

  confirmUser: async ({ readMail }, use) => {
    await use(async (email) => {
      await confirmWithLink(serverBaseURL(), await readMail(email, MAIL_LINKS.confirm));
    });
  },

  // eslint-disable-next-line no-empty-pattern
  apiSession: async ({}, use) => {
    const opened: ApiSession[] = [];
    await use(async (user) => {
      const session = await openApiSession(serverBaseURL(), user);
      opened.push(session);
      return session;
    });
    await Promise.all(opened.map((session) => session.dispose()));
  },

  catalogue: async ({ request }, use) => {
    await use(catalogueApi(request));
  },

  newUser: async ({ confirmUser }, use) => {
    await use(async ({ confirmed = false, ...overrides } = {}) => {
      const user = await signUp(serverBaseURL(), uniqueSignup(overrides));
      if (confirmed) await confirmUser(user.email);
      return user;
    });
  },

  // eslint-disable-next-line no-empty-pattern
  login: async ({}, use) => {
    await use(async (page, user, { via = 'api' } = {}) => {
      if (via === 'ui') await loginViaUi(page, user);
      else await loginViaApi(page, serverBaseURL(), user);
    });
  },
});

export { expect } from '@playwright/test';
