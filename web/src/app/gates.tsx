import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isNotConfirmed } from '@earmark/common';
import { ButtonLink } from '../components/button';
import { LockIcon } from '../components/icons';
import { PageFrame } from '../components/page-frame';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import styles from './gates.module.css';

export const LOGIN_REQUIRED_MESSAGE = 'Please login or sign up to access this page.';

/** What a signed-out visitor sees on a page that needs an account. */
export function LoginRequired() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <PageFrame title="Login required">
      <div className={styles.gate}>
        <span className={styles.icon}>
          <LockIcon size={24} />
        </span>
        <h1 className={styles.message}>{LOGIN_REQUIRED_MESSAGE}</h1>
        <div className={styles.actions}>
          <ButtonLink to={paths.login.href(here)}>Login</ButtonLink>
          <ButtonLink to={paths.login.href(here, 'signup')} variant="secondary">
            Sign up
          </ButtonLink>
        </div>
      </div>
    </PageFrame>
  );
}

/**
 * Layout route for login-required pages. The app layout has already waited
 * for the session, so `user` is known here.
 */
export function RequireAuth() {
  const { user } = useCurrentUser();
  if (!user) return <LoginRequired />;
  return <Outlet />;
}

/** Unconfirmed accounts may only see /confirm; everything else sends them there. */
export function ConfirmRedirect({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (isNotConfirmed(user) && pathname !== paths.confirm.path) {
    return <Navigate to={paths.confirm.href()} replace />;
  }
  return children;
}
