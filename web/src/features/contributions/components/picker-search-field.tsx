import { SEARCH_QUERY_MAX } from '@earmark/common';
import type { Ref } from 'react';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import results from '../../../components/picker-results.module.css';

/** What a picker's search says: searching, failed, nothing found or how many. */
export function pickerStatus(
  q: string,
  search: { isFetching: boolean; isError: boolean; error: unknown; data?: unknown },
  found: number,
  many: string,
): string {
  if (!q) return '';
  if (search.isFetching) return 'Searching…';
  if (search.isError) return `The search failed: ${errorMessage(search.error)}`;
  if (!search.data) return '';
  return found === 0 ? `No ${many} match “${q}”.` : `${found} found.`;
}

/** A picker's search box ('Find artists') with its status line announced under it. */
export function PickerSearchField({
  many,
  text,
  onText,
  status,
  error,
  inputRef,
}: {
  many: string;
  text: string;
  onText: (text: string) => void;
  status: string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <TextField
        label={`Find ${many}`}
        type="search"
        placeholder={`Search ${many} by name`}
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        error={error}
        ref={inputRef}
        onChange={(event) => onText(event.target.value)}
      />
      <p className={results.status} role="status">
        {status}
      </p>
    </>
  );
}
