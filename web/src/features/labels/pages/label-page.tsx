import { useParams } from 'react-router';
import { ReleaseListKind } from '@earmark/common';
import { LoadFailure } from '../../../components/load-failure';
import { MergedRedirect } from '../../../components/merged-redirect';
import { EditHistoryMenu } from '../../../components/edit-history-menu';
import { EntityHeader } from '../../../components/entity-header';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { ReleaseGrid, ReleaseSection } from '../../releases';
import { useLabel } from '../api';
import styles from './label-page.module.css';

/** /label/{id}: the label, its upcoming releases (if any) and everything it has released. */
export default function LabelPage() {
  const { id = '' } = useParams();
  const query = useLabel(id);

  if (query.isPending) return <PageSpinner label="Loading label" />;
  if (query.isError) {
    return <LoadFailure what="label" error={query.error} onRetry={() => void query.refetch()} />;
  }

  const label = query.data;
  if (label.id !== id) {
    return <MergedRedirect from={paths.label.href(id)} to={paths.label.href(label.id)} />;
  }
  const count = `${label.releasesCount.toLocaleString('en')} ${label.releasesCount === 1 ? 'release' : 'releases'}`;

  return (
    <PageFrame
      title={label.name}
      description={`${label.name}: ${count} on Earmark, with ratings and reviews.`}
    >
      <EntityHeader
        kind="Label"
        name={label.name}
        nameLatin={label.nameLatin}
        stat={count}
        menu={
          <EditHistoryMenu
            name={label.name}
            editHref={paths.editLabel.href(label.id)}
            historyHref={paths.entityHistory.href('label', label.id)}
          />
        }
      />
      <ReleaseSection
        title="Upcoming"
        filter={{ type: ReleaseListKind.Upcoming, labelId: label.id }}
        hideWhenEmpty
      />
      <section className={styles.releases} aria-labelledby="label-releases">
        <h2 id="label-releases" className={styles.heading}>
          Releases
        </h2>
        <ReleaseGrid
          filter={{ type: ReleaseListKind.New, labelId: label.id }}
          label={`Releases on ${label.name}`}
        />
      </section>
    </PageFrame>
  );
}
