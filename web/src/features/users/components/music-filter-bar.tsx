import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { ChevronDownIcon } from '../../../components/icons';
import { MUSIC_SORTS, activeFilterCount, bucketLabel, releaseTypeOptions } from '../music-filters';
import type { MusicFilterKey, MusicView } from '../music-filters';
import { userStatsQueryOptions } from '../stats-api';
import { FilterSelect } from '../../../components/filter-select';
import type { FilterOption } from '../../../components/filter-select';
import styles from './music-filter-bar.module.css';

export interface MusicFilterBarProps {
  userId: string;
  view: MusicView;
  onChange: (key: MusicFilterKey | 'sortBy', value: string) => void;
  onClear: () => void;
  /** 'n releases' for the current view, once known. */
  resultText?: string;
}

const withCount = (label: string, count: number) => `${label} (${count.toLocaleString('en-US')})`;
const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label);

const SORT_OPTIONS = MUSIC_SORTS.map(({ value, label }) => ({ value, label }));
const BUCKET_OPTIONS = Array.from({ length: 11 }, (_, i) => 10 - i).map((bucket) => ({
  value: String(bucket),
  label: bucketLabel(bucket),
}));
const TYPE_OPTIONS = releaseTypeOptions();

/** Sort and filters of a profile's music; the options come from the user's own stats. */
export function MusicFilterBar({
  userId,
  view,
  onChange,
  onClear,
  resultText,
}: MusicFilterBarProps) {
  const panelId = useId();
  const active = activeFilterCount(view.filters);
  // Open when the address already filters (a shared link), so the reader sees why.
  const [open, setOpen] = useState(active > 0);

  const dates = useQuery(userStatsQueryOptions(userId, 'release-date'));
  const genres = useQuery(userStatsQueryOptions(userId, 'genres'));
  const artists = useQuery(userStatsQueryOptions(userId, 'artists'));
  const labels = useQuery(userStatsQueryOptions(userId, 'labels'));
  const tags = useQuery(userStatsQueryOptions(userId, 'tags'));

  const { decade } = view.filters;
  const decadeOptions = [...(dates.data?.decades ?? [])]
    .sort((a, b) => b.decade - a.decade)
    .map((row) => ({ value: String(row.decade), label: withCount(`${row.decade}s`, row.count) }));
  const yearOptions = [...(dates.data?.years ?? [])]
    .filter((row) => decade === undefined || Math.floor(row.year / 10) * 10 === decade)
    .sort((a, b) => b.year - a.year)
    .map((row) => ({ value: String(row.year), label: withCount(String(row.year), row.count) }));
  const genreOptions = (genres.data ?? [])
    .map((row) => ({ value: row.genre.id, label: withCount(row.genre.name, row.count) }))
    .sort(byLabel);
  const artistOptions = (artists.data ?? [])
    .map((row) => ({ value: row.artist.id, label: withCount(row.artist.name, row.count) }))
    .sort(byLabel);
  const labelOptions = (labels.data ?? [])
    .map((row) => ({ value: row.label.id, label: withCount(row.label.name, row.count) }))
    .sort(byLabel);
  const tagOptions = (tags.data ?? [])
    .map((row) => ({ value: row.tag.id, label: withCount(row.tag.name, row.count) }))
    .sort(byLabel);

  const value = (key: MusicFilterKey) => {
    const current = view.filters[key];
    return current === undefined ? '' : String(current);
  };
  const select = (key: MusicFilterKey, label: string, options: FilterOption[]) => (
    <FilterSelect
      label={label}
      value={value(key)}
      options={options}
      onChange={(next) => onChange(key, next)}
      anyLabel="Any"
    />
  );

  return (
    <div className={styles.bar}>
      <div className={styles.top}>
        <div className={styles.sort}>
          <FilterSelect
            label="Sort by"
            value={view.sortBy}
            options={SORT_OPTIONS}
            onChange={(next) => onChange('sortBy', next)}
          />
        </div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className={styles.toggle}
        >
          Filters
          {active > 0 && (
            <>
              <span className={styles.badge} aria-hidden="true">
                {active}
              </span>
              <span className="visually-hidden">({active} active)</span>
            </>
          )}
          <ChevronDownIcon size={16} className={open ? styles.chevronOpen : styles.chevron} />
        </Button>
        {active > 0 && (
          <Button variant="text" onClick={onClear}>
            Clear filters
          </Button>
        )}
        {resultText && (
          <p className={styles.result} role="status">
            {resultText}
          </p>
        )}
      </div>
      <div id={panelId} hidden={!open} className={styles.panel}>
        {select('decade', 'Decade', decadeOptions)}
        {select('year', 'Year', yearOptions)}
        {select('bucket', 'Rating', BUCKET_OPTIONS)}
        {select('type', 'Type', TYPE_OPTIONS)}
        {select('genre', 'Genre', genreOptions)}
        {select('artist', 'Artist', artistOptions)}
        {select('label', 'Label', labelOptions)}
        {select('tag', 'Tag', tagOptions)}
      </div>
    </div>
  );
}
