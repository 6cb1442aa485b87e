import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { List } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { ListIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { listsInfiniteQueryOptions } from '../api';
import type { ListsFilter } from '../api';
import { countLabel, ownerName } from '../format';
import { DraftBadge } from './draft-badge';
import { ListCoverMosaic } from './list-cover-mosaic';
import { LoadMore } from '../../../components/load-more';
import { LoadError } from '../../../components/load-failure';
import styles from './list-cards.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

export interface ListCardsProps {
  filter: ListsFilter;
  /** Accessible name of the cards' list. */
  label: string;
  /** What shows when there is none; 'No lists yet' when omitted. */
  empty?: ReactNode;
}

/** Lists as cards, loading the next page as the reader nears the end (or on 'Show more'). */
export function ListCards({ filter, label, empty }: ListCardsProps) {
  const query = useInfiniteQuery(listsInfiniteQueryOptions(filter));
  if (query.isPending) return <ListCardsSkeleton />;
  if (!query.data) {
    return (
      <LoadError
        title="These lists could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const lists = query.data.pages.flatMap((page) => page.lists);
  if (lists.length === 0)
    return empty ?? <EmptyState icon={<ListIcon size={28} />} title="No lists yet" />;

  return (
    <div className={styles.wrap}>
      <ul className={styles.cards} aria-label={label}>
        {lists.map((list) => (
          <li key={list.id}>
            <ListCard list={list} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} what="lists" />
    </div>
  );
}

function ListCard({ list }: { list: List }) {
  return (
    <article className={styles.card}>
      <ListCoverMosaic covers={list.covers} />
      <div className={styles.text}>
        <h3 className={styles.title}>
          <Link to={paths.list.href(list.id)} className={styles.titleLink}>
            {list.title}
          </Link>
        </h3>
        {!list.published && <DraftBadge />}
        <p className={styles.meta}>
          <span>by </span>
          <Link to={paths.user.href(list.owner.username)} className={styles.owner}>
            {ownerName(list.owner)}
          </Link>
          <SupporterBadge user={list.owner} />
        </p>
        <p className={styles.meta}>
          {countLabel(list.itemsCount, 'release')} · {countLabel(list.likesCount, 'like')}
        </p>
      </div>
    </article>
  );
}

/** Grey cards in the cards' shape while the first page loads, so the page does not jump. */
function ListCardsSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading lists</span>
      <div className={styles.cards} aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className={styles.card}>
            <div className={`${styles.skeleton} ${styles.skeletonCover}`} />
            <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
            <div className={`${styles.skeleton} ${styles.skeletonLine} ${styles.skeletonShort}`} />
          </div>
        ))}
      </div>
    </div>
  );
}
