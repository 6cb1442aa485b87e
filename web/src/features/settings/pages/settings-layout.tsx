import { Outlet } from 'react-router';
import { paths } from '../../../lib/paths';
import { PageFrame } from '../../../components/page-frame';
import { TabLinks } from '../../../components/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import type { SettingsOutletContext } from '../settings-user';

const TABS = [
  { to: paths.settingsProfile.href(), label: 'Profile' },
  { to: paths.settingsImage.href(), label: 'Image' },
  { to: paths.settingsContent.href(), label: 'Content' },
  { to: paths.settingsAccount.href(), label: 'Account' },
];

/** /settings: the tabs over the current settings page. */
export default function SettingsLayout() {
  const { user } = useCurrentUser();
  // RequireAuth renders this only with a signed-in user; the check narrows the type.
  if (!user) return null;
  const context: SettingsOutletContext = { user };
  return (
    <PageFrame
      title="Settings"
      heading="Settings"
      width="narrow"
      subNav={<TabLinks items={TABS} label="Settings sections" />}
    >
      <Outlet context={context} />
    </PageFrame>
  );
}
