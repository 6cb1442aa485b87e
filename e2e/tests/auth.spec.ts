import type { Page } from '@playwright/test';
import { MAIL_LINKS, expect, test } from '../fixtures';
import { uniqueSignup } from '../support/users';

const INVALID_LOGIN = 'Invalid email or password';

/** Fills the login form and submits it; the caller checks what follows. */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const header = (page: Page) => page.getByRole('banner');

test.describe('accounts', () => {
  test('signing up through the form, then confirming the email from the mail', async ({
    page,
    readMail,
  }) => {
    const account = uniqueSignup();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // A new account is signed in but waits for its email confirmation.
    await expect(page).toHaveURL('/confirm');
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    await page.goto(await readMail(account.email, MAIL_LINKS.confirm));
    await expect(page.getByRole('heading', { name: 'Email confirmed successfully' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to Earmark' }).click();
    await expect(page).toHaveURL('/');

    // Confirmed: pages open instead of sending the user back to /confirm.
    await page.goto('/settings/profile');
    await expect(page.getByLabel('Username')).toHaveValue(account.username);
    await expect(page).toHaveURL('/settings/profile');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByText(`@${account.username}`)).toBeVisible();
  });

  test('an unconfirmed account is sent to /confirm and can ask for the mail again', async ({
    page,
    newUser,
    login,
    mailsTo,
  }) => {
    const user = await newUser();
    await login(page, user);

    for (const path of ['/', '/theme', '/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL('/confirm');
      await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    }

    await expect.poll(async () => (await mailsTo(user.email)).length).toBe(1);
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText('Confirmation email sent')).toBeVisible();
    await expect.poll(async () => (await mailsTo(user.email)).length).toBe(2);
  });

  test('logging out from the profile menu and back in through the form', async ({
    page,
    newUser,
    login,
  }) => {
    const user = await newUser({ confirmed: true });
    await login(page, user);
    await page.goto('/');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await expect(header(page).getByRole('link', { name: 'login', exact: true })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Profile menu' })).toHaveCount(0);

    await submitLogin(page, user.email, `${user.password}-wrong`);
    await expect(page.getByText(INVALID_LOGIN)).toBeVisible();
    await expect(page).toHaveURL('/login');

    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'login', exact: true })).toHaveCount(0);
  });

  test('resetting a forgotten password from the mailed link', async ({
    page,
    newUser,
    readMail,
  }) => {
    const user = await newUser({ confirmed: true });
    const newPassword = `${user.password}-new`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/account/password/reset');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for this email, a reset link has been sent.'),
    ).toBeVisible();

    const link = await readMail(user.email, MAIL_LINKS.passwordReset);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password reset successfully')).toBeVisible();

    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, user.email, user.password);
    await expect(page.getByText(INVALID_LOGIN)).toBeVisible();

    await submitLogin(page, user.email, newPassword);
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: 'Profile menu' })).toBeVisible();

    // The link is single-use.
    await page.goto(link);
    await page.getByLabel('New password').fill(`${newPassword}-again`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Invalid or expired password reset link')).toBeVisible();
  });

  test('a login-required page asks a signed-out visitor to log in', async ({ page }) => {
    await page.goto('/settings/account');
    await expect(page.getByText('Please login or sign up to access this page.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Faccount');
  });
});
