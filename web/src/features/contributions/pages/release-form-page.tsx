import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadFailure } from '../../../components/load-failure';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { releaseQueryOptions } from '../../releases';
import { ReleaseForm } from '../components/release-form';
import styles from './form-page.module.css';

/**
 * /contributions/releases/new (Add Release) and /contributions/releases/{id}
 * (the release's edit page, filled with the release as it is).
 */
export default function ReleaseFormPage() {
  const { id } = useParams();
  if (!id) {
    return (
      <PageFrame title="Add Release" heading="Add Release" width="default">
        <p className={styles.intro}>
          A new release is added at once; others can correct it later. Check first that it is not in
          the catalogue already.
        </p>
        <ReleaseForm />
      </PageFrame>
    );
  }
  return <EditRelease id={id} />;
}

function EditRelease({ id }: { id: string }) {
  const query = useQuery(releaseQueryOptions(id));
  if (query.isPending) return <PageSpinner label="Loading release" />;
  if (query.isError) {
    return <LoadFailure what="release" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const release = query.data;
  return (
    <PageFrame title={`Edit ${release.title}`} heading="Edit release" width="default">
      <p className={styles.intro}>
        Changing <Link to={paths.release.href(release.id)}>{release.title}</Link>. Trusted
        contributors vote on the change before it applies.
      </p>
      <ReleaseForm key={release.id} release={release} />
    </PageFrame>
  );
}
