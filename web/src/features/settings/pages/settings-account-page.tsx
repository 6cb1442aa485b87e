import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { AccountDetails } from '../components/account-details';
import { PasswordForm } from '../components/password-form';
import { SettingsSection } from '../components/settings-section';
import { useSettingsUser } from '../settings-user';

export default function SettingsAccountPage() {
  const user = useSettingsUser();
  return (
    <>
      <SettingsSection title="Account">
        <AccountDetails user={user} />
      </SettingsSection>
      <SettingsSection
        title="Change password"
        description={
          <>
            You stay signed in here; every other session is signed out.{' '}
            <Link to={paths.passwordReset.href()}>Forgot your current password?</Link>
          </>
        }
      >
        <PasswordForm />
      </SettingsSection>
    </>
  );
}
