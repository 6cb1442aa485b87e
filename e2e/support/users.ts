import { randomBytes } from 'node:crypto';
import { request, type APIResponse, type Page } from '@playwright/test';
import type { CurrentUser, SignupInput } from '@earmark/common';
import { siteOrigin } from './env';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
}

export type Credentials = Pick<TestUser, 'email' | 'password'>;

let counter = 0;

/** Unique across workers and runs: time, process and a counter, plus randomness. */
function uniqueSuffix(): string {
  counter += 1;
  const time = Date.now().toString(36).slice(-5);
  return `${time}${process.pid.toString(36)}${counter.toString(36)}${randomBytes(2).toString('hex')}`;
}

/**
 * A distinct client address for each API-made sign-up or login, from the
 * IPv6 documentation range (never routed). The e2e server trusts the proxy
 * header, so per-address rate limits apply per simulated client, as they do
 * for real visitors behind a load balancer, instead of to the whole suite.
 * Rate limits group IPv6 clients by /64, so the worker and the counter sit in
 * the first 64 bits.
 */
export function simulatedClient(): Record<string, string> {
  counter += 1;
  const group = (n: number) => (n & 0xffff).toString(16);
  return { 'X-Forwarded-For': `2001:db8:${group(process.pid)}:${group(counter)}::1` };
}

/** Valid sign-up data that no other test uses. */
export function uniqueSignup(overrides: Partial<SignupInput> = {}): SignupInput {
  const suffix = uniqueSuffix();
  return {
    email: `user.${suffix}@earmark.test`,
    username: `u_${suffix}`,
    password: `pw-${randomBytes(8).toString('hex')}`,
    ...overrides,
  };
}

/** Fails with the status and body, which say far more than "expected 200". */
export async function expectStatus(res: APIResponse, status: number, what: string): Promise<void> {
  if (res.status() !== status) {
    throw new Error(`${what}: expected ${status}, got ${res.status()}: ${await res.text()}`);
  }
}

/**
 * Signs a new user up through the API. The session it gets is thrown away,
 * so the caller decides where (and whether) the user is signed in.
 */
export async function signUp(baseURL: string, input: SignupInput): Promise<TestUser> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: siteOrigin(baseURL), ...simulatedClient() },
  });
  try {
    const res = await api.post('/api/auth/signup', { data: input });
    await expectStatus(res, 201, `Sign-up of ${input.email}`);
    const { user } = (await res.json()) as { user: CurrentUser };
    return { id: user.id, email: input.email, username: input.username, password: input.password };
  } finally {
    await api.dispose();
  }
}

/** Opens a confirmation link the way the confirm page does: GET /api/auth/confirm/<token>. */
export async function confirmWithLink(baseURL: string, link: string): Promise<void> {
  const token = /\/account\/confirm\/([^/?#]+)/.exec(new URL(link).pathname)?.[1];
  if (!token) throw new Error(`Not a confirmation link: ${link}`);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: simulatedClient() });
  try {
    const res = await api.get(`/api/auth/confirm/${token}`);
    await expectStatus(res, 200, 'Email confirmation');
  } finally {
    await api.dispose();
  }
}

/**
 * Signs the page in through the API. `page.request` shares the browser
 * context's cookies, so the session cookie applies to the page at once;
 * navigate afterwards so the app loads the signed-in user.
 */
export async function loginViaApi(page: Page, baseURL: string, user: Credentials): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
    headers: { Origin: siteOrigin(baseURL), ...simulatedClient() },
  });
  await expectStatus(res, 200, `Login of ${user.email}`);
}

/** Signs the page in through the login form, as a person would. */
export async function loginViaUi(page: Page, user: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  const answered = page.waitForResponse(
    (res) => res.url().endsWith('/api/auth/login') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  const res = await answered;
  if (res.status() !== 200) {
    throw new Error(`Login form of ${user.email}: ${res.status()} ${await res.text()}`);
  }
  await page.waitForURL((url) => url.pathname !== '/login');
}
