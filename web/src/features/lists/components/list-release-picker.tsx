import { SEARCH_QUERY_MAX } from '@earmark/common';
import type { ListItem, ReleaseSummary } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useSearchText } from '../../../components/use-search-text';
import { errorMessage } from '../../../lib/api';
import { ArtistLinks, formatReleaseDate } from '../../releases';
import { useAddListItem, useReleasePicker } from '../edit-api';
import { ReleaseThumb } from './release-thumb';
import results from '../../../components/picker-results.module.css';
import styles from './list-release-picker.module.css';

/** Finds releases by a typed text (after a short pause) and adds them at the end of the list. */
export function ListReleasePicker({ listId, items }: { listId: string; items: ListItem[] }) {
  const { text, setText, q } = useSearchText();
  const search = useReleasePicker(q);
  const listed = new Set(items.map((item) => item.release.id));
  const releases = search.data?.releases ?? [];

  let status = '';
  if (q && search.isError) status = `The search failed: ${errorMessage(search.error)}`;
  else if (q && search.data) {
    status = releases.length === 0 ? `No releases match “${q}”.` : resultsLabel(search.data, q);
  }

  return (
    <div className={styles.picker}>
      <TextField
        label="Add releases"
        type="search"
        placeholder="Search releases by title"
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p className={results.status} role="status">
        {q && search.isFetching ? 'Searching…' : status}
      </p>
      {q && releases.length > 0 && (
        <ul className={results.results} aria-label="Releases found">
          {releases.map((release) => (
            <PickerResult
              key={release.id}
              listId={listId}
              release={release}
              listed={listed.has(release.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function resultsLabel(reply: { releases?: unknown[]; releasesCount?: number }, q: string) {
  const shown = reply.releases?.length ?? 0;
  const total = reply.releasesCount ?? shown;
  const word = total === 1 ? 'release matches' : 'releases match';
  return total > shown
    ? `${total} ${word} “${q}”; the first ${shown} are shown.`
    : `${total} ${word} “${q}”.`;
}

function PickerResult({
  listId,
  release,
  listed,
}: {
  listId: string;
  release: ReleaseSummary;
  listed: boolean;
}) {
  const add = useAddListItem(listId);
  const date = formatReleaseDate(release.date, release.datePrecision);
  return (
    <li className={results.result}>
      <ReleaseThumb release={release} className={styles.cover} width={40} />
      <div className={styles.body}>
        <span className={styles.title}>{release.title}</span>
        <span className={styles.meta}>
          <ArtistLinks artists={release.artists} />
          {date && <span> · {date}</span>}
        </span>
      </div>
      {listed ? (
        <span className={styles.listed}>In the list</span>
      ) : (
        <Button
          size="small"
          variant="secondary"
          loading={add.isPending}
          aria-label={`Add ${release.title}`}
          onClick={() => add.mutate(release)}
        >
          Add
        </Button>
      )}
    </li>
  );
}
