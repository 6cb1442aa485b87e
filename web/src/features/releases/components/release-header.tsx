import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { releaseTypeLabels } from '@earmark/common';
import type { Release } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { formatReleaseDate, joinNames } from '../format';
import { ArtistLinks } from './artist-links';
import { CoverImage } from './cover-image';
import { RatingSummary } from './rating-summary';
import styles from './release-header.module.css';

/** The top of a release page: cover, names, rating, the viewer's entry and facts. */
export function ReleaseHeader({
  release,
  genreVoting,
  entry,
  actions,
}: {
  release: Release;
  genreVoting?: ReactNode;
  /** The viewer's own entry controls, under the average rating. */
  entry?: ReactNode;
  /** Small actions at the top right (Report, the options menu). */
  actions?: ReactNode;
}) {
  const date = formatReleaseDate(release.date, release.datePrecision);
  const artistNames = joinNames(release.artists.map((artist) => artist.name));

  return (
    <div className={styles.header}>
      <div className={styles.cover}>
        <CoverImage
          variant="page"
          cover={release.cover}
          explicitCoverArt={release.explicitCoverArt}
          alt={`Cover of ${release.title}${artistNames ? ` by ${artistNames}` : ''}`}
        />
      </div>
      <div className={styles.info}>
        {/* The actions sit beside the type, which never moves: the entry and the
            genre votes load after the page and would push them down under a click. */}
        <div className={styles.top}>
          <p className={styles.type}>{releaseTypeLabels[release.type]}</p>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        <h1 className={styles.title}>{release.title}</h1>
        {release.titleLatin && <p className={styles.latin}>{release.titleLatin}</p>}
        <p className={styles.artists}>
          <ArtistLinks artists={release.artists} linkClassName={styles.artistLink} />
        </p>
        <div className={styles.rating}>
          <RatingSummary stats={release.stats} size="large" />
        </div>
        {entry}
        <dl className={styles.facts}>
          {date && (
            <Fact term="Release date">
              <time dateTime={release.date ?? undefined}>{date}</time>
            </Fact>
          )}
          <Fact term="Type">{releaseTypeLabels[release.type]}</Fact>
          {release.labels.length > 0 && (
            <Fact term={release.labels.length === 1 ? 'Label' : 'Labels'}>
              {release.labels.map((label, index) => (
                <Fragment key={label.id}>
                  {index > 0 && ', '}
                  <Link to={paths.label.href(label.id)}>{label.name}</Link>
                </Fragment>
              ))}
            </Fact>
          )}
          {release.languages.length > 0 && (
            <Fact term={release.languages.length === 1 ? 'Language' : 'Languages'}>
              {release.languages.map((language) => language.name).join(', ')}
            </Fact>
          )}
          <Fact term="Genres">
            {release.genres.length > 0 ? (
              <ul className={styles.genres}>
                {release.genres.map((genre) => (
                  <li key={genre.id}>
                    {/* Named by its text, so the name is what the chip shows. */}
                    <Link to={paths.genre.href(genre.id)} className={styles.genre}>
                      {genre.name}
                      <span className="visually-hidden">, score </span>
                      <span className={styles.genreScore}>{genre.score}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <span className={styles.none}>No genres yet</span>
            )}
          </Fact>
        </dl>
        {genreVoting}
      </div>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
