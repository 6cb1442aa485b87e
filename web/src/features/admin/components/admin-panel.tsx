import { useId, useState } from 'react';
import { AccountStatus } from '@earmark/common';
import type { UserProfile } from '@earmark/common';
import { Button } from '../../../components/button';
import {
  setAccountStatus,
  setContributorStatus,
  setSupporterStatus,
  useSetUserStatus,
} from '../api';
import {
  CONTRIBUTOR_OPTIONS,
  SUPPORTER_OPTIONS,
  accountOptions,
  accountStatusConfirmation,
} from '../user-settings';
import { MessageForm } from './message-form';
import { StatusSetting } from './status-setting';
import styles from './admin-panel.module.css';

/**
 * Admin tools on a profile, behind a disclosure button: the user's
 * contributor, supporter and account status, and a message to them. The
 * server decides what is allowed (an admin's own account status, the last
 * admin) and its refusals show under the setting.
 */
export function AdminPanel({ profile }: { profile: UserProfile }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const name = profile.name || profile.username;
  const userId = profile.id;
  const contributor = useSetUserStatus(
    (status: number) => setContributorStatus({ userId, status }),
    'user',
  );
  const supporter = useSetUserStatus(
    (value: number) => setSupporterStatus({ userId, supporter: value }),
    'user',
  );
  const account = useSetUserStatus(
    (status: number) => setAccountStatus({ userId, status }),
    'everything',
  );
  const accountStatus = profile.accountStatus ?? AccountStatus.CONFIRMED;

  return (
    <section className={styles.panel} aria-label="Admin tools">
      <Button
        variant="secondary"
        size="small"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((now) => !now)}
      >
        {open ? 'Hide admin tools' : 'Admin tools'}
      </Button>
      {open && (
        <div id={regionId} className={styles.body}>
          <h2 className="visually-hidden">Admin tools for {name}</h2>
          <StatusSetting
            label="Contributor status"
            options={CONTRIBUTOR_OPTIONS}
            current={profile.contributorStatus}
            mutation={contributor}
          />
          <StatusSetting
            label="Supporter status"
            options={SUPPORTER_OPTIONS}
            current={profile.supporter}
            mutation={supporter}
          />
          <StatusSetting
            label="Account status"
            options={accountOptions(accountStatus)}
            current={accountStatus}
            mutation={account}
            confirmation={(value) => accountStatusConfirmation(value, name)}
          />
          <MessageForm userId={userId} name={name} />
        </div>
      )}
    </section>
  );
}
