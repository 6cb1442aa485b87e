import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { paths } from '../../lib/paths';
import styles from './search-box.module.css';

/** The header search. Enter opens the search page for the typed text. */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onSearchPage = pathname.startsWith(paths.search.path);
  const [value, setValue] = useState(() => (onSearchPage ? (searchParams.get('q') ?? '') : ''));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = value.trim();
    if (!q) return;
    void navigate(paths.search.href(q));
  }

  return (
    <form role="search" className={styles.form} onSubmit={onSubmit}>
      <span className={styles.icon}>
        <SearchIcon size={18} />
      </span>
      <input
        type="search"
        name="q"
        aria-label="Search"
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        className={styles.input}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </form>
  );
}
