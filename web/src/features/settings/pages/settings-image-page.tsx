import { AvatarUploader } from '../components/avatar-uploader';
import { SettingsSection } from '../components/settings-section';
import { useSettingsUser } from '../settings-user';

export default function SettingsImagePage() {
  const user = useSettingsUser();
  return (
    <SettingsSection
      title="Profile picture"
      description="Shown on your profile and next to everything you post. It is cropped to a circle."
    >
      <AvatarUploader user={user} />
    </SettingsSection>
  );
}
