import { useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { ConfirmRedirect } from '../gates';
import { Header } from './header';
import { NavigationProgress } from './navigation-progress';
import { SideMenu } from './side-menu';
import styles from './app-layout.module.css';

/** The main layout: sticky header, side menu, and the page once the session is known. */
export function AppLayout() {
  const { user, isPending, isError } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <>
      <NavigationProgress />
      <Header
        user={isError ? null : user}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
      />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {isPending ? (
          <PageSpinner label="Loading your session" />
        ) : (
          <ConfirmRedirect>
            <Outlet />
          </ConfirmRedirect>
        )}
      </main>
      <ScrollRestoration />
    </>
  );
}
