import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-failure';
import { EmptyState } from '../../../components/empty-state';
import { SearchIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { ReleaseCardGrid } from '../../releases';
import { searchAllQueryOptions, searchCount } from '../api';
import { HitList, SearchFrame } from '../components/search-frame';
import styles from '../components/search-frame.module.css';
import { SEARCH_KINDS, countText, hitsOf } from '../kinds';

/** /search?q=: the first results of every kind, each with a link to all of them. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <SearchFrame q={q} title={q ? `Search results for “${q}”` : 'Search'}>
      <CombinedResults q={q} />
    </SearchFrame>
  );
}

function CombinedResults({ q }: { q: string }) {
  const search = useQuery(searchAllQueryOptions(q));
  if (search.isPending) return <PageSpinner label="Searching" />;
  if (search.isError) {
    return (
      <LoadError
        title="The search failed."
        error={search.error}
        onRetry={() => void search.refetch()}
      />
    );
  }
  const reply = search.data;
  const found = SEARCH_KINDS.filter((kind) => searchCount(reply, kind.type) > 0);
  if (found.length === 0) {
    return (
      <EmptyState
        icon={<SearchIcon size={28} />}
        title={`No results for “${q}”`}
        message="Check the spelling, or try fewer or other words."
      />
    );
  }
  return (
    <>
      {found.map((kind) => {
        const count = searchCount(reply, kind.type);
        const headingId = `search-section-${kind.slug}`;
        return (
          <section key={kind.type} className={styles.section} aria-labelledby={headingId}>
            <div className={styles.sectionHead}>
              <h2 id={headingId} className={styles.sectionTitle}>
                {kind.label} <span className={styles.count}>{countText(count, kind)}</span>
              </h2>
              <Link
                to={paths.searchType.href(kind.slug, q)}
                aria-label={`See all ${kind.many} for “${q}”`}
              >
                See all
              </Link>
            </div>
            {kind.type === 'releases' ? (
              <ReleaseCardGrid releases={reply.releases ?? []} label={`Releases for “${q}”`} />
            ) : (
              <HitList hits={hitsOf(reply, kind.type)} label={`${kind.label} for “${q}”`} />
            )}
          </section>
        );
      })}
    </>
  );
}
