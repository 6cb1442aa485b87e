import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@earmark/common';

/**
 * A search box's text as typed and the trimmed text to search for, which
 * follows it after a pause in typing (so a search is not asked per key).
 */
export function useSearchText() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, q };
}
