import { useParams } from 'react-router';
import { LoadFailure } from '../../../components/load-failure';
import { MergedRedirect } from '../../../components/merged-redirect';
import { EmptyState } from '../../../components/empty-state';
import { EditHistoryMenu } from '../../../components/edit-history-menu';
import { EntityHeader } from '../../../components/entity-header';
import { DiscIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { NO_RELEASES_TEXT, ReleaseCardGrid } from '../../releases';
import { useArtist } from '../api';
import { groupDiscography } from '../discography';
import styles from './artist-page.module.css';

/** /artist/{id}: the artist and their discography, grouped by release type. */
export default function ArtistPage() {
  const { id = '' } = useParams();
  const query = useArtist(id);

  if (query.isPending) return <PageSpinner label="Loading artist" />;
  if (query.isError) {
    return <LoadFailure what="artist" error={query.error} onRetry={() => void query.refetch()} />;
  }

  const artist = query.data;
  if (artist.id !== id) {
    return <MergedRedirect from={paths.artist.href(id)} to={paths.artist.href(artist.id)} />;
  }
  const groups = groupDiscography(artist.releases);
  const count = artist.releases.length;

  return (
    <PageFrame
      title={artist.name}
      description={
        artist.bio?.slice(0, 200) ||
        `${artist.name}: discography, ratings and reviews of ${count} ${count === 1 ? 'release' : 'releases'} on Earmark.`
      }
    >
      <EntityHeader
        kind="Artist"
        name={artist.name}
        nameLatin={artist.nameLatin}
        bio={artist.bio}
        stat={`${count} ${count === 1 ? 'release' : 'releases'}`}
        menu={
          <EditHistoryMenu
            name={artist.name}
            editHref={paths.editArtist.href(artist.id)}
            historyHref={paths.entityHistory.href('artist', artist.id)}
          />
        }
      />
      {groups.length === 0 ? (
        <EmptyState icon={<DiscIcon size={28} />} title={NO_RELEASES_TEXT} />
      ) : (
        groups.map((group) => (
          <section
            key={group.type}
            className={styles.group}
            aria-labelledby={`group-${group.type}`}
          >
            <h2 id={`group-${group.type}`} className={styles.groupTitle}>
              {group.title}
              <span className={styles.count}>{group.releases.length}</span>
            </h2>
            <ReleaseCardGrid releases={group.releases} label={group.title} />
          </section>
        ))
      )}
    </PageFrame>
  );
}
