import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import { ReleaseListKind } from '@earmark/common';
import type { GenreRef } from '@earmark/common';
import { LoadFailure } from '../../../components/load-failure';
import { paths } from '../../../lib/paths';
import { EntityHeader } from '../../../components/entity-header';
import { EditHistoryMenu } from '../../../components/edit-history-menu';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { ReleaseGrid } from '../../releases';
import { useGenre } from '../api';
import styles from './genre-page.module.css';

/** /genre/{id}: name and bio, a menu (Edit, History), related genres, then its new releases. */
export default function GenrePage() {
  const { id = '' } = useParams();
  const query = useGenre(id);

  if (query.isPending) return <PageSpinner label="Loading genre" />;
  if (query.isError) {
    return <LoadFailure what="genre" error={query.error} onRetry={() => void query.refetch()} />;
  }

  const genre = query.data;
  const menu = (
    <EditHistoryMenu
      name={genre.name}
      editHref={paths.editGenre.href(genre.id)}
      historyHref={paths.genreHistory.href(genre.id)}
    />
  );

  return (
    <PageFrame
      title={genre.name}
      description={
        genre.bio?.slice(0, 200) || `New ${genre.name} releases, ratings and reviews on Earmark.`
      }
    >
      <EntityHeader kind="Genre" name={genre.name} bio={genre.bio} menu={menu}>
        {genre.parents.length > 0 && <RelatedGenres title="Part of" genres={genre.parents} />}
        {genre.children.length > 0 && <RelatedGenres title="Sub-genres" genres={genre.children} />}
      </EntityHeader>
      <section className={styles.releases} aria-labelledby="genre-new-releases">
        <h2 id="genre-new-releases" className={styles.heading}>
          New releases
        </h2>
        <ReleaseGrid
          filter={{ type: ReleaseListKind.New, genreId: genre.id }}
          label={`New ${genre.name} releases`}
        />
      </section>
    </PageFrame>
  );
}

function RelatedGenres({ title, genres }: { title: string; genres: readonly GenreRef[] }) {
  return (
    <p className={styles.related}>
      <span className={styles.relatedTitle}>{title}</span>{' '}
      {genres.map((genre, index) => (
        <Fragment key={genre.id}>
          {index > 0 && ', '}
          <Link to={paths.genre.href(genre.id)}>{genre.name}</Link>
        </Fragment>
      ))}
    </p>
  );
}
