import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '@earmark/common';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { SearchIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { TabLinks } from '../../../components/tabs';
import { paths } from '../../../lib/paths';
import { SEARCH_KINDS } from '../kinds';
import type { SearchHit } from '../kinds';
import styles from './search-frame.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/**
 * The frame of the search pages: the title, a form to change the text and
 * links between the combined results and each kind's own page.
 */
export function SearchFrame({
  q,
  title,
  slug,
  children,
}: {
  q: string;
  title: string;
  /** The kind's page this is, or undefined for the combined results. */
  slug?: string;
  children: ReactNode;
}) {
  const tabs = [
    { to: paths.search.href(q), label: 'All', end: true },
    ...SEARCH_KINDS.map((kind) => ({
      to: paths.searchType.href(kind.slug, q),
      label: kind.label,
    })),
  ];
  return (
    <PageFrame
      title={title}
      heading="Search"
      subNav={q ? <TabLinks items={tabs} label="Kinds of result" /> : undefined}
    >
      <SearchForm key={q} q={q} slug={slug} />
      {q ? (
        children
      ) : (
        <EmptyState
          icon={<SearchIcon size={28} />}
          title="Search for releases, artists, genres, labels and people."
          message="Type a few letters of a name or a title."
        />
      )}
    </PageFrame>
  );
}

function SearchForm({ q, slug }: { q: string; slug: string | undefined }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    void navigate(slug ? paths.searchType.href(slug, typed) : paths.search.href(typed));
  }
  return (
    <form role="search" aria-label="Search again" className={styles.form} onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor="search-page-q">
        Search for
      </label>
      <input
        id="search-page-q"
        type="search"
        name="q"
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX}
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

/** Results other than releases: a plain list of links with a line of detail. */
export function HitList({ hits, label }: { hits: readonly SearchHit[]; label: string }) {
  return (
    <ul className={styles.hits} aria-label={label}>
      {hits.map((hit) => (
        <li key={hit.id}>
          <Link to={hit.href} className={styles.hit}>
            <span className={styles.hitTitle}>{hit.title}</span>
            <SupporterBadge user={hit} />
            {hit.detail && <span className={styles.hitDetail}>{hit.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
