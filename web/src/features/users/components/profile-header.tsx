import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import {
  AVATAR_LARGE_PX,
  AccountStatus,
  accountStatusLabel,
  contributorBadgeLabel,
  isSupporter,
} from '@earmark/common';
import type { UserProfile } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { ButtonLink } from '../../../components/button';
import { HeartIcon, SettingsIcon } from '../../../components/icons';
import { ProfileStats } from './profile-stats';
import styles from './profile-header.module.css';

export interface ProfileHeaderProps {
  profile: UserProfile;
  /** The viewer is this user: offer the way to their settings. */
  isOwnProfile: boolean;
  /** An action beside the name for other people's profiles (the follow button). */
  action?: ReactNode;
}

/** Picture, names, badges, join date and counters at the top of a profile. */
export function ProfileHeader({ profile, isOwnProfile, action }: ProfileHeaderProps) {
  const displayName = profile.name || profile.username;
  const role = contributorBadgeLabel(profile.contributorStatus);
  // Only admins receive accountStatus; a normal account needs no chip.
  const status =
    profile.accountStatus !== undefined && profile.accountStatus !== AccountStatus.CONFIRMED
      ? accountStatusLabel(profile.accountStatus)
      : null;

  return (
    <header className={styles.header}>
      <Avatar user={profile} size={AVATAR_LARGE_PX} />
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <div className={styles.names}>
            <h1 className={styles.name}>{displayName}</h1>
            <p className={styles.meta}>
              <span className={styles.username}>@{profile.username}</span>
              <span aria-hidden="true" className={styles.dot}>
                ·
              </span>
              <span>
                Joined{' '}
                <time dateTime={profile.createdAt}>
                  {dayjs(profile.createdAt).format('MMM YYYY')}
                </time>
              </span>
            </p>
          </div>
          {isOwnProfile && (
            <ButtonLink
              to={paths.settingsProfile.href()}
              variant="secondary"
              icon={<SettingsIcon size={16} />}
              className={styles.edit}
            >
              Edit profile
            </ButtonLink>
          )}
          {!isOwnProfile && action && <div className={styles.edit}>{action}</div>}
        </div>
        {(isSupporter(profile) || role || status) && (
          <ul className={styles.badges} aria-label="Badges">
            {isSupporter(profile) && (
              <li className={`${styles.badge} ${styles.supporter}`}>
                <HeartIcon size={14} />
                Supporter
              </li>
            )}
            {role && <li className={`${styles.badge} ${styles.role}`}>{role}</li>}
            {status && <li className={`${styles.badge} ${styles.status}`}>{status}</li>}
          </ul>
        )}
        <ProfileStats counts={profile.counts} />
      </div>
    </header>
  );
}
