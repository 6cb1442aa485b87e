import { useInfiniteQuery } from '@tanstack/react-query';
import { fullDate, relativeTime } from '@earmark/common';
import type { AuditEntry } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { HistoryIcon } from '../../../components/extra-icons';
import { LoadError } from '../../../components/load-failure';
import { LoadMore } from '../../../components/load-more';
import { PageFrame } from '../../../components/page-frame';
import { Spinner } from '../../../components/spinner';
import { auditInfiniteQueryOptions } from '../api';
import { ACTION_LABELS, auditChanges } from '../audit';
import { AdminNav } from '../components/admin-nav';
import { AdminOnly } from '../components/admin-only';
import { ActorName } from '../components/actor-name';
import styles from './audit-page.module.css';

/** /contributions/audit (admins): every admin action, newest first, with what it changed. */
export default function AuditPage() {
  return (
    <AdminOnly>
      <PageFrame title="Audit log" heading="Audit log" subNav={<AdminNav />}>
        <AuditLog />
      </PageFrame>
    </AdminOnly>
  );
}

function AuditLog() {
  const query = useInfiniteQuery(auditInfiniteQueryOptions());
  if (query.isPending) return <Spinner label="Loading the audit log" />;
  if (!query.data) {
    return (
      <LoadError
        title="The audit log could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const entries = query.data.pages.flatMap((page) => page.actions);
  if (entries.length === 0) {
    return <EmptyState icon={<HistoryIcon size={28} />} title="No admin actions yet." />;
  }
  return (
    <>
      <ol className={styles.entries} aria-label="Admin actions, newest first">
        {entries.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <AuditRow entry={entry} />
          </li>
        ))}
      </ol>
      <LoadMore query={query} what="admin actions" />
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  return (
    <>
      <p className={styles.line}>
        <strong>{ACTION_LABELS[entry.action]}</strong>
        <span className={styles.target}>
          {' '}
          on {entry.targetType} <code>{entry.targetId}</code>
        </span>
      </p>
      {changes.length > 0 && (
        <dl className={styles.changes}>
          {changes.map((change) => (
            <div key={change.key} className={styles.change}>
              <dt>{change.label}</dt>
              <dd>
                {change.before !== null && (
                  <>
                    <span>{change.before}</span>
                    <span aria-hidden="true"> → </span>
                    <span className="visually-hidden"> to </span>
                  </>
                )}
                <span>{change.after ?? '—'}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className={styles.meta}>
        By <ActorName actor={entry.actor} /> ·{' '}
        <time dateTime={entry.createdAt} title={fullDate(entry.createdAt)}>
          {relativeTime(entry.createdAt)}
        </time>
      </p>
    </>
  );
}
