import { TabLinks } from '../../../components/tabs';
import { paths } from '../../../lib/paths';

const ITEMS = [
  { to: paths.reports.href(), label: 'Reports' },
  { to: paths.pendingDeletions.href(), label: 'Pending deletions' },
  { to: paths.audit.href(), label: 'Audit log' },
];

/** The admin pages' own navigation, under each one's heading. */
export function AdminNav() {
  return <TabLinks items={ITEMS} label="Admin pages" />;
}
