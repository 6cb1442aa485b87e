import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { VoteType } from '@earmark/common';
import type { SubmissionCard as Card, SubmissionKind, SubmissionVote } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { ContributeIcon } from '../../../components/icons';
import { LoadMore } from '../../../components/load-more';
import { LoadError } from '../../../components/load-failure';
import { paths } from '../../../lib/paths';
import { pageCards, submissionsInfiniteQueryOptions } from '../api';
import type { SubmissionsFilter } from '../api';
import { kindLabels, methodLabels } from '../kinds';
import { SubmissionByline } from './submission-byline';
import { SubmissionStatusText } from './submission-status';
import styles from './submission-cards.module.css';

export interface SubmissionCardsProps {
  kind: SubmissionKind;
  filter: SubmissionsFilter;
  /** Accessible name of the cards' list. */
  label: string;
  empty?: ReactNode;
}

/** A kind's submissions as cards, the next page loading as the reader nears the end. */
export function SubmissionCards({ kind, filter, label, empty }: SubmissionCardsProps) {
  const query = useInfiniteQuery(submissionsInfiniteQueryOptions(kind, filter));
  if (query.isPending) return <SubmissionCardsSkeleton />;
  if (!query.data) {
    return (
      <LoadError
        title="These contributions could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const cards = query.data.pages.flatMap((page) => pageCards(kind, page));
  if (cards.length === 0) {
    return (
      empty ?? <EmptyState icon={<ContributeIcon size={28} />} title="There are no contributions" />
    );
  }
  return (
    <div className={styles.wrap}>
      <ul className={styles.cards} aria-label={label}>
        {cards.map((card) => (
          <li key={card.id}>
            <SubmissionCard card={card} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} what="contributions" />
    </div>
  );
}

/** '2 up, 1 down', or 'No votes'. */
export function votesSummary(votes: readonly SubmissionVote[]): string {
  if (votes.length === 0) return 'No votes';
  const up = votes.filter((vote) => vote.type === VoteType.UP).length;
  return `${up} up, ${votes.length - up} down`;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

export function SubmissionCard({ card }: { card: Card }) {
  return (
    <article className={styles.card}>
      <div className={styles.top}>
        <p className={styles.kind}>
          <span className={styles.badge}>{methodLabels[card.method]}</span>
          {kindLabels[card.kind].one}
        </p>
        <SubmissionStatusText status={card.submissionStatus} />
      </div>
      <h3 className={styles.title}>
        <Link to={paths.submission.href(card.kind, card.id)} className={styles.titleLink}>
          {card.entityName}
        </Link>
      </h3>
      <SubmissionByline user={card.user} at={card.createdAt} />
      {card.note && <p className={styles.note}>{card.note}</p>}
      <p className={styles.meta}>
        {votesSummary(card.votes)} · {plural(card.commentsCount, 'comment')}
      </p>
    </article>
  );
}

function SubmissionCardsSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading contributions</span>
      <div className={styles.cards} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className={`${styles.card} ${styles.skeletonCard}`}>
            <div className={`${styles.skeleton} ${styles.skeletonLine} ${styles.skeletonShort}`} />
            <div className={`${styles.skeleton} ${styles.skeletonTitle}`} />
            <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
          </div>
        ))}
      </div>
    </div>
  );
}
