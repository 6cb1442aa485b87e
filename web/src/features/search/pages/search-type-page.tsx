import { useParams, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-failure';
import { EmptyState } from '../../../components/empty-state';
import { NotFoundView } from '../../../components/error-views';
import { SearchIcon } from '../../../components/icons';
import { LoadMore } from '../../../components/load-more';
import { PageSpinner } from '../../../components/spinner';
import { ReleaseCardGrid } from '../../releases';
import { searchCount, searchTypeInfiniteQueryOptions } from '../api';
import { HitList, SearchFrame } from '../components/search-frame';
import styles from '../components/search-frame.module.css';
import { countText, hitsOf, kindBySlug, noMatchText } from '../kinds';
import type { SearchKind } from '../kinds';

/** /search/{release|artist|label|genre|user}?q=: every result of one kind, page by page. */
export default function SearchTypePage() {
  const kind = kindBySlug(useParams().kind);
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  if (!kind) return <NotFoundView />;
  return (
    <SearchFrame
      q={q}
      slug={kind.slug}
      title={q ? `${kind.label} matching “${q}”` : `Search ${kind.many}`}
    >
      <KindResults key={`${kind.type}:${q}`} kind={kind} q={q} />
    </SearchFrame>
  );
}

function KindResults({ kind, q }: { kind: SearchKind; q: string }) {
  const query = useInfiniteQuery(searchTypeInfiniteQueryOptions(kind.type, q));
  if (query.isPending) return <PageSpinner label={`Searching ${kind.many}`} />;
  if (!query.data) {
    return (
      <LoadError
        title="The search failed."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const pages = query.data.pages;
  const count = pages[0] ? searchCount(pages[0], kind.type) : 0;
  if (count === 0) {
    return (
      <EmptyState
        icon={<SearchIcon size={28} />}
        title={noMatchText(kind, q)}
        message="Check the spelling, or try fewer or other words."
      />
    );
  }
  const label = `${kind.label} for “${q}”`;
  return (
    <>
      <p className={styles.note}>{countText(count, kind)}</p>
      {kind.type === 'releases' ? (
        <ReleaseCardGrid releases={pages.flatMap((page) => page.releases ?? [])} label={label} />
      ) : (
        <HitList hits={pages.flatMap((page) => hitsOf(page, kind.type))} label={label} />
      )}
      <LoadMore query={query} what={kind.many} />
    </>
  );
}
