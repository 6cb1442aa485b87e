import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { REPORT_STATUSES } from '@earmark/common';
import type { ReportStatus } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { RulesIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-failure';
import { LoadMore } from '../../../components/load-more';
import { PageFrame } from '../../../components/page-frame';
import { Spinner } from '../../../components/spinner';
import { TabPanel, Tabs } from '../../../components/tabs';
import { reportsInfiniteQueryOptions } from '../api';
import { AdminNav } from '../components/admin-nav';
import { AdminOnly } from '../components/admin-only';
import { ReportCard } from '../components/report-card';
import { REPORT_STATUS_LABELS } from '../reports';
import styles from './admin-pages.module.css';

const TABS = REPORT_STATUSES.map((value) => ({ value, label: REPORT_STATUS_LABELS[value] }));
const ID = 'reports';

const statusOf = (value: string | null): ReportStatus =>
  REPORT_STATUSES.find((status) => status === value) ?? 'open';

/**
 * /contributions/reports (admins): what members reported, open ones oldest
 * first; each can be resolved or dismissed with a note.
 */
export default function ReportsPage() {
  return (
    <AdminOnly>
      <Reports />
    </AdminOnly>
  );
}

function Reports() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  return (
    <PageFrame title="Reports" heading="Reports" subNav={<AdminNav />}>
      <div className={styles.tabs}>
        <Tabs
          items={TABS}
          value={status}
          label="Reports by status"
          idPrefix={ID}
          onChange={(next) => setParams(next === 'open' ? {} : { status: next }, { replace: true })}
        />
      </div>
      <TabPanel idPrefix={ID} value={status}>
        <ReportList key={status} status={status} />
      </TabPanel>
    </PageFrame>
  );
}

function ReportList({ status }: { status: ReportStatus }) {
  const query = useInfiniteQuery(reportsInfiniteQueryOptions(status));
  const what = `${REPORT_STATUS_LABELS[status].toLowerCase()} reports`;
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (!query.data) {
    return (
      <LoadError
        title={`The ${what} could not be loaded.`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const reports = query.data.pages.flatMap((page) => page.reports);
  if (reports.length === 0) {
    return <EmptyState icon={<RulesIcon size={28} />} title={`There are no ${what}.`} />;
  }
  return (
    <>
      <ul className={styles.cards} aria-label={REPORT_STATUS_LABELS[status] + ' reports'}>
        {reports.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} what={what} />
    </>
  );
}
