import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, FormEvent, KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX } from '@earmark/common';
import type { SearchReply, SearchType } from '@earmark/common';
import { SearchIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { searchAllQueryOptions, searchCount } from '../api';
import { SEARCH_KINDS, countBadge, countText, hitsOf, noMatchText } from '../kinds';
import styles from './search-combobox.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/** What screen readers hear once results arrive: '5 releases, 2 artists, …' or 'No results'. */
function statusText(reply: SearchReply, q: string): string {
  const found = SEARCH_KINDS.filter((kind) => searchCount(reply, kind.type) > 0);
  if (found.length === 0) return `No results for “${q}”.`;
  return `${found.map((kind) => countText(searchCount(reply, kind.type), kind)).join(', ')} for “${q}”.`;
}

/**
 * The header search box: a combobox whose popup shows, after a pause in
 * typing, the first results of each kind under tabs. Up and Down move through
 * the active tab's results, Left and Right (while a result is highlighted)
 * change tab, Enter opens the highlighted result or else the search page,
 * Escape closes the popup. Focus stays in the box throughout.
 */
export function SearchCombobox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onSearchPage =
    pathname === paths.search.path || pathname.startsWith(`${paths.search.path}/`);
  const [text, setText] = useState(() => (onSearchPage ? (searchParams.get('q') ?? '') : ''));
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<SearchType>('releases');
  /**
   * The highlighted result of the active tab, for the text it was chosen in
   * (a new text starts with nothing highlighted); null while the caret is in the text.
   */
  const [pick, setPick] = useState<{ q: string; at: number | null }>({ q: '', at: null });
  const root = useRef<HTMLFormElement>(null);
  const id = useId();
  const popupId = `${id}-popup`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const cursor = pick.q === q ? pick.at : null;
  const setCursor = (next: (at: number | null) => number | null) =>
    setPick({ q, at: next(cursor) });

  // Only the reply for the current text is ever shown (it is keyed by the text).
  const search = useQuery({ ...searchAllQueryOptions(q), enabled: open && q.length > 0 });
  const reply = q ? search.data : undefined;
  const hits = hitsOf(reply, tab);
  const highlighted = cursor === null ? undefined : hits[cursor];
  const expanded = open && q.length > 0;

  function close() {
    setOpen(false);
    setCursor(() => null);
  }

  function go(href: string) {
    close();
    void navigate(href);
  }

  /** A result's page has its own title; the box is emptied for the next search. */
  function openResult(href: string) {
    setText('');
    go(href);
  }

  function switchTab(next: SearchType) {
    setTab(next);
    setCursor((at) => (at === null ? null : 0));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (expanded && highlighted) {
      openResult(highlighted.href);
      return;
    }
    const typed = text.trim();
    if (typed) go(paths.search.href(typed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const key = event.key;
    if (key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      }
      return;
    }
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      if (!q) return;
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const last = hits.length - 1;
      if (key === 'ArrowDown') setCursor((at) => (at === null ? 0 : Math.min(at + 1, last)));
      else setCursor((at) => (at === null || at === 0 ? null : at - 1));
      return;
    }
    if ((key === 'ArrowLeft' || key === 'ArrowRight') && expanded && cursor !== null) {
      event.preventDefault();
      const at = SEARCH_KINDS.findIndex((kind) => kind.type === tab);
      const step = key === 'ArrowRight' ? 1 : -1;
      const next = SEARCH_KINDS[(at + step + SEARCH_KINDS.length) % SEARCH_KINDS.length];
      if (next) switchTab(next.type);
    }
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const to = event.relatedTarget;
    if (!(to instanceof Node) || !root.current?.contains(to)) close();
  }

  const activeKind = SEARCH_KINDS.find((kind) => kind.type === tab) ?? SEARCH_KINDS[0]!;
  let status = '';
  if (expanded) {
    if (search.isError) status = `The search failed: ${errorMessage(search.error)}`;
    else if (reply) status = statusText(reply, q);
    else status = 'Searching…';
  }
  const tabStatus =
    expanded && reply && cursor !== null
      ? `${activeKind.label}: ${countText(searchCount(reply, tab), activeKind)}.`
      : '';

  return (
    <form role="search" ref={root} className={styles.form} onSubmit={onSubmit} onBlur={onBlur}>
      <span className={styles.icon}>
        <SearchIcon size={18} />
      </span>
      <input
        type="search"
        name="q"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? (hits.length > 0 ? listId : popupId) : undefined}
        aria-activedescendant={expanded && highlighted ? optionId(cursor ?? 0) : undefined}
        aria-describedby={hintId}
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_QUERY_MAX}
        className={styles.input}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setCursor(() => null);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="visually-hidden">
        Results appear as you type. Up and down arrows choose a result, left and right arrows change
        the kind of result, Enter opens it.
      </span>
      <span role="status" className="visually-hidden">
        {status} {tabStatus}
      </span>
      {expanded && (
        <div id={popupId} className={styles.popup}>
          <div role="tablist" aria-label="Kinds of result" className={styles.tabs}>
            {SEARCH_KINDS.map((kind) => (
              <button
                key={kind.type}
                type="button"
                role="tab"
                tabIndex={-1}
                aria-selected={kind.type === tab}
                aria-controls={kind.type === tab && hits.length > 0 ? listId : undefined}
                className={styles.tab}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => switchTab(kind.type)}
              >
                {kind.label}
                {reply && (
                  <span className={styles.count}>{countBadge(searchCount(reply, kind.type))}</span>
                )}
              </button>
            ))}
          </div>
          {hits.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={activeKind.label} className={styles.list}>
              {hits.map((hit, index) => (
                <li
                  key={hit.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === cursor}
                  className={styles.option}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setCursor(() => index)}
                  onClick={() => openResult(hit.href)}
                >
                  <span className={styles.title}>{hit.title}</span>
                  <SupporterBadge user={hit} />
                  {hit.detail && <span className={styles.detail}>{hit.detail}</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.note}>
              {search.isError
                ? 'The search failed. Press Enter to try the search page.'
                : reply
                  ? `${noMatchText(activeKind, q)}.`
                  : 'Searching…'}
            </p>
          )}
          <Link to={paths.search.href(q)} className={styles.all} onClick={close}>
            All results for “{q}”
          </Link>
        </div>
      )}
    </form>
  );
}
