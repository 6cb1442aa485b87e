import { TabLinks } from '../../../components/tabs';
import { paths } from '../../../lib/paths';

/** The admin pages, for their own navigation and beside the contribution kinds. */
export const ADMIN_PAGES = [
  { to: paths.reports.href(), label: 'Reports' },
  { to: paths.pendingDeletions.href(), label: 'Pending deletions' },
  { to: paths.merge.href(), label: 'Merge' },
  { to: paths.audit.href(), label: 'Audit log' },
];

/** The admin pages' own navigation, under each one's heading. */
export function AdminNav() {
  return <TabLinks items={ADMIN_PAGES} label="Admin pages" />;
}
