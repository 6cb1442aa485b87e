import { ProfileForm } from '../components/profile-form';
import { SettingsSection } from '../components/settings-section';
import { useSettingsUser } from '../settings-user';

export default function SettingsProfilePage() {
  const user = useSettingsUser();
  return (
    <SettingsSection
      title="Profile"
      description="How you appear to other members on your profile, reviews, lists and comments."
    >
      <ProfileForm user={user} />
    </SettingsSection>
  );
}
