import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CommentTargetKind } from '@earmark/common';
import type { List, ListItem } from '@earmark/common';
import { Avatar } from '../../../components/avatar';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { EditIcon } from '../../../components/extra-icons';
import { ListIcon } from '../../../components/icons';
import { LoadFailure } from '../../../components/load-failure';
import { Markdown, markdownExcerpt } from '../../../components/markdown';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { CommentsSection } from '../../comments';
import { ReleaseCard } from '../../releases';
import { ReportButton } from '../../reports';
import { listItemsInfiniteQueryOptions, useList } from '../api';
import { DraftBadge } from '../components/draft-badge';
import { ListLikeButton } from '../components/list-like-button';
import { LoadMore } from '../../../components/load-more';
import { LoadError } from '../../../components/load-failure';
import { countLabel, ownerName } from '../format';
import styles from './list-page.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/** /list/{id}: a list with its owner, description, likes and items. */
export default function ListPage() {
  const { id = '' } = useParams();
  const query = useList(id);

  if (query.isPending) return <PageSpinner label="Loading list" />;
  if (query.isError) {
    return <LoadFailure what="list" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ListView list={query.data} />;
}

function ListView({ list }: { list: List }) {
  const { user } = useCurrentUser();
  const name = ownerName(list.owner);
  const isOwner = user?.id === list.owner.id;
  return (
    <PageFrame
      title={list.title}
      description={list.description ? markdownExcerpt(list.description, 160) : undefined}
      width="default"
    >
      <article className={styles.list}>
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{list.title}</h1>
            {!list.published && isOwner && <DraftBadge />}
            {isOwner && (
              <ButtonLink
                to={paths.listEdit.href(list.id)}
                variant="secondary"
                size="small"
                icon={<EditIcon size={16} />}
              >
                Edit
              </ButtonLink>
            )}
          </div>
          <p className={styles.byline}>
            <span>A list by </span>
            <Link to={paths.user.href(list.owner.username)} className={styles.owner}>
              <Avatar user={list.owner} size={24} />
              <span>{name}</span>
            </Link>
            <SupporterBadge user={list.owner} />
            <span className={styles.dot} aria-hidden="true">
              ·
            </span>
            <span>{countLabel(list.itemsCount, 'release')}</span>
          </p>
          <ListLikeButton list={list} />
        </header>
        {list.description && <Markdown className={styles.description}>{list.description}</Markdown>}
        <section aria-labelledby="list-releases">
          <h2 id="list-releases" className="visually-hidden">
            Releases
          </h2>
          <ListItems list={list} />
        </section>
        <div className={styles.report}>
          <ReportButton type="list" id={list.id} what="list" ownerId={list.owner.id} />
        </div>
        <CommentsSection
          entityType={CommentTargetKind.LIST}
          entityId={list.id}
          ownerId={list.owner.id}
        />
      </article>
    </PageFrame>
  );
}

function ListItems({ list }: { list: List }) {
  const query = useInfiniteQuery(listItemsInfiniteQueryOptions(list.id));
  if (query.isPending) return <PageSpinner label="Loading releases" />;
  if (!query.data) {
    return (
      <LoadError
        title="The releases of this list could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <EmptyState icon={<ListIcon size={28} />} title="This list has no releases yet" />;
  }
  const ListTag = list.ranked ? 'ol' : 'ul';
  return (
    <>
      <ListTag
        className={list.grid ? styles.grid : styles.rows}
        aria-label={`Releases in ${list.title}`}
      >
        {items.map((item) => (
          <ItemView key={item.id} item={item} ranked={list.ranked} grid={list.grid} />
        ))}
      </ListTag>
      <LoadMore query={query} what="releases" />
    </>
  );
}

function ItemView({ item, ranked, grid }: { item: ListItem; ranked: boolean; grid: boolean }) {
  return (
    <li className={grid ? styles.tile : styles.row}>
      {ranked && (
        <span className={styles.rank} aria-hidden="true">
          {item.index + 1}
        </span>
      )}
      <div className={styles.card}>
        <ReleaseCard release={item.release} />
      </div>
      {!grid && item.note && <Markdown className={styles.note}>{item.note}</Markdown>}
    </li>
  );
}
