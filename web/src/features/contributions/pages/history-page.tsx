import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { SubmissionDetail, SubmissionKind } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { NotFoundView } from '../../../components/error-views';
import { HistoryIcon } from '../../../components/extra-icons';
import { LoadFailure } from '../../../components/load-failure';
import { LoadMore } from '../../../components/load-more';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { historyInfiniteQueryOptions } from '../api';
import { SubmissionByline } from '../components/submission-byline';
import { SubmissionDiff } from '../components/submission-diff';
import { SubmissionStatusText } from '../components/submission-status';
import {
  entityContributionsHref,
  entityHref,
  kindLabels,
  kindOfSingular,
  methodLabels,
} from '../kinds';
import styles from './history-page.module.css';

/** /history/{release|artist|label|genre}/{id}: the entity's applied changes, newest first. */
export default function HistoryPage() {
  const { kind: kindParam, id = '' } = useParams();
  const kind = kindOfSingular(kindParam);
  if (!kind) return <NotFoundView />;
  return <History kind={kind} id={id} />;
}

function History({ kind, id }: { kind: SubmissionKind; id: string }) {
  const query = useInfiniteQuery(historyInfiniteQueryOptions(kind, id));
  if (query.isPending) return <PageSpinner label="Loading history" />;
  if (!query.data) {
    return <LoadFailure what="history" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const entity = query.data.pages[0]?.entity ?? { id, name: kindLabels[kind].one };
  const changes = query.data.pages.flatMap((page) => page.changes);
  return (
    <PageFrame
      title={`History of ${entity.name}`}
      heading={
        <>
          History of <Link to={entityHref(kind, entity.id)}>{entity.name}</Link>
        </>
      }
    >
      <p className={styles.all}>
        <Link to={entityContributionsHref(kind, entity.id)}>
          Every contribution to {entity.name}
        </Link>
      </p>
      {changes.length === 0 ? (
        <EmptyState icon={<HistoryIcon size={28} />} title="No changes yet" />
      ) : (
        <div className={styles.wrap}>
          <ol className={styles.changes} aria-label={`Changes to ${entity.name}`}>
            {changes.map((change) => (
              <li key={change.id}>
                <HistoryChange change={change} />
              </li>
            ))}
          </ol>
          <LoadMore query={query} what="changes" />
        </div>
      )}
    </PageFrame>
  );
}

function HistoryChange({ change }: { change: SubmissionDetail }) {
  const headingId = `change-${change.id}`;
  return (
    <article className={styles.change} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {methodLabels[change.method]} {kindLabels[change.kind].one.toLowerCase()}
        </h2>
        <SubmissionStatusText status={change.submissionStatus} />
      </header>
      <SubmissionByline user={change.user} at={change.appliedAt ?? change.createdAt} />
      <p className={styles.note}>{change.note}</p>
      <SubmissionDiff diff={change.diff} />
      <p className={styles.link}>
        <Link to={paths.submission.href(change.kind, change.id)}>View the contribution</Link>
      </p>
    </article>
  );
}
