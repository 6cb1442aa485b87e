import { Link, useLocation } from 'react-router';
import { canVoteOnSubmissions } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import { IconButton } from '../../components/icon-button';
import { MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { paths } from '../../lib/paths';
import { NotificationsButton } from '../../features/notifications';
import { SearchCombobox } from '../../features/search';
import { UserMenu } from './user-menu';
import styles from './header.module.css';

interface HeaderProps {
  /** undefined while the session loads, null when signed out. */
  user: CurrentUser | null | undefined;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

export function Header({ user, menuOpen, onOpenMenu }: HeaderProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <header className={styles.header}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <div className={styles.inner}>
        <div className={styles.left}>
          <IconButton
            label="Open menu"
            icon={<MenuIcon />}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          />
          <Link to={paths.home.href()} className={styles.logoLink} aria-label="Earmark home">
            <Logo hideTextClassName={styles.wordmark} />
          </Link>
        </div>
        <div className={styles.center}>
          <SearchCombobox />
        </div>
        <div className={styles.right}>
          {user && canVoteOnSubmissions(user) && (
            <Link
              to={paths.openContributions.href()}
              className={`${styles.textLink} ${styles.hideMedium}`}
            >
              Open Contributions
            </Link>
          )}
          {user && <NotificationsButton />}
          {user && <UserMenu user={user} />}
          {user === null && (
            <Link
              to={location.pathname === paths.login.path ? here : paths.login.href(here)}
              className={styles.loginLink}
            >
              login
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
