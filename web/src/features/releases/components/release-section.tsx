import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { ChevronRightIcon } from '../../../components/icons';
import { releasesPageQueryOptions } from '../api';
import type { ReleaseListFilter } from '../api';
import { ReleaseCardGrid } from './release-card-grid';
import { NO_RELEASES_TEXT } from '../texts';
import styles from './release-section.module.css';

/** Enough cards for two rows on wide screens, three on medium and four on small ones. */
export const SECTION_SIZE = 12;

export interface ReleaseSectionProps {
  title: string;
  filter: ReleaseListFilter;
  /** The full list the heading links to. */
  to?: string;
  /** Leave the section out entirely when the list is empty. */
  hideWhenEmpty?: boolean;
  size?: number;
}

/** A headed preview of a release list: its first cards and a link to the rest. */
export function ReleaseSection({
  title,
  filter,
  to,
  hideWhenEmpty = false,
  size = SECTION_SIZE,
}: ReleaseSectionProps) {
  const headingId = useId();
  const query = useQuery(releasesPageQueryOptions(filter, size));
  const releases = query.data?.releases ?? [];

  if (hideWhenEmpty && (query.isError || (query.isSuccess && releases.length === 0))) return null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {to ? (
            <Link to={to} className={styles.headingLink}>
              {title}
              <ChevronRightIcon size={20} />
            </Link>
          ) : (
            title
          )}
        </h2>
        {to && query.isSuccess && query.data.totalItems > releases.length && (
          <Link to={to} className={styles.more}>
            See all
          </Link>
        )}
      </div>
      {query.isPending && <SectionSkeleton size={size} />}
      {query.isError && (
        <div className={styles.message} role="alert">
          <span>These releases could not be loaded.</span>
          <Button size="small" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {query.isSuccess &&
        (releases.length > 0 ? (
          <ReleaseCardGrid releases={releases} label={title} />
        ) : (
          <p className={styles.message}>{NO_RELEASES_TEXT}</p>
        ))}
    </section>
  );
}

/** Grey cards in the grid's shape, so the page does not jump when the cards arrive. */
function SectionSkeleton({ size }: { size: number }) {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label="Loading releases">
      {Array.from({ length: size }, (_, index) => (
        <div key={index} className={styles.skeletonCard}>
          <div className={styles.skeletonCover} />
          <div className={styles.skeletonLine} />
          <div className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
        </div>
      ))}
    </div>
  );
}
