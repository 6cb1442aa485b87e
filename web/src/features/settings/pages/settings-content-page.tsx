import { ExplicitContentForm } from '../components/explicit-content-form';
import { SettingsSection } from '../components/settings-section';
import { useSettingsUser } from '../settings-user';

export default function SettingsContentPage() {
  const user = useSettingsUser();
  return (
    <SettingsSection
      title="Explicit cover art"
      description="Some cover art carries content warnings. A cover with warnings is shown only when you allow every category it carries; otherwise a placeholder takes its place."
    >
      <ExplicitContentForm user={user} />
    </SettingsSection>
  );
}
