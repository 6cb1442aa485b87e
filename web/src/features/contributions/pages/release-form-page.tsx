import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Release } from '@earmark/common';
import { PageFrame } from '../../../components/page-frame';
import { paths } from '../../../lib/paths';
import { releaseQueryOptions } from '../../releases';
import { LoadedEntity } from '../components/loaded-entity';
import { ReleaseForm } from '../components/release-form';
import styles from '../components/submission-form-page.module.css';

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
  return (
    <LoadedEntity query={query} what="release">
      {(release) => <EditReleaseForm release={release} />}
    </LoadedEntity>
  );
}

function EditReleaseForm({ release }: { release: Release }) {
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
