import { canVoteOnSubmissions, isAdmin } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import { Avatar } from '../../components/avatar';
import {
  ContributeIcon,
  LockIcon,
  LogoutIcon,
  PlusIcon,
  SettingsIcon,
  UserIcon,
} from '../../components/icons';
import { Menu } from '../../components/menu';
import type { MenuItem } from '../../components/menu';
import { useLogout } from '../../features/auth/api';
import { paths } from '../../lib/paths';
import styles from './user-menu.module.css';

/** The avatar menu of a signed-in user. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const items: MenuItem[] = [
    {
      key: 'profile',
      label: 'Profile',
      icon: <UserIcon size={18} />,
      to: paths.user.href(user.username),
    },
    {
      key: 'settings',
      label: 'Settings',
      icon: <SettingsIcon size={18} />,
      to: paths.settings.href(),
    },
    {
      key: 'add-release',
      label: 'Add Release',
      icon: <PlusIcon size={18} />,
      to: paths.addRelease.href(),
    },
    // Also in the header on wide screens; here it stays reachable on phones.
    ...(canVoteOnSubmissions(user)
      ? [
          {
            key: 'open-contributions',
            label: 'Open Contributions',
            icon: <ContributeIcon size={18} />,
            to: paths.openContributions.href(),
          },
        ]
      : []),
    ...(isAdmin(user)
      ? [
          {
            key: 'admin',
            label: 'Admin',
            icon: <LockIcon size={18} />,
            to: paths.reports.href(),
          },
        ]
      : []),
    { kind: 'separator', key: 'sep' },
    {
      kind: 'action',
      key: 'logout',
      label: 'Logout',
      icon: <LogoutIcon size={18} />,
      onSelect: () => logout.mutate(),
    },
  ];

  return (
    <Menu
      label="Profile menu"
      trigger={<Avatar user={user} size={32} />}
      heading={
        <div className={styles.who}>
          <span className={styles.name}>{user.name || user.username}</span>
          <span className={styles.username}>@{user.username}</span>
        </div>
      }
      items={items}
    />
  );
}
