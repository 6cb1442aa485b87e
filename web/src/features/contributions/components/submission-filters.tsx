import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { SubmissionStatus, enumValues, submissionStatusLabels } from '@earmark/common';
import type { SubmissionsFilter } from '../api';
import styles from './submission-filters.module.css';

const ANY = 'any';
const STATUS_OPTIONS = enumValues(SubmissionStatus).map((status) => ({
  value: String(status),
  label: submissionStatusLabels[status],
}));

/**
 * The status and order a list shows, read from the address (`?status=4`,
 * `?status=any`, `?sortBy=oldest`); `defaultStatus` applies without one.
 */
export function useSubmissionFilter(defaultStatus?: SubmissionStatus): SubmissionsFilter {
  const [params] = useSearchParams();
  const asked = params.get('status');
  const status = asked === ANY ? undefined : (parseStatus(asked) ?? defaultStatus);
  const sortBy = params.get('sortBy') === 'oldest' ? 'oldest' : 'newest';
  return { ...(status !== undefined && { status }), sortBy };
}

function parseStatus(value: string | null): SubmissionStatus | undefined {
  const status = Number(value);
  return value && (enumValues(SubmissionStatus) as number[]).includes(status)
    ? (status as SubmissionStatus)
    : undefined;
}

/** The status and sort choices above a list of submissions; they change the address. */
export function SubmissionFilters({ filter }: { filter: SubmissionsFilter }) {
  const [, setParams] = useSearchParams();
  const statusId = useId();
  const sortId = useId();

  function change(name: 'status' | 'sortBy', value: string) {
    setParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className={styles.filters}>
      <div className={styles.field}>
        <label htmlFor={statusId} className={styles.label}>
          Status
        </label>
        <select
          id={statusId}
          className={styles.select}
          value={filter.status === undefined ? ANY : String(filter.status)}
          onChange={(event) => change('status', event.target.value)}
        >
          <option value={ANY}>Any status</option>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={sortId} className={styles.label}>
          Sort
        </label>
        <select
          id={sortId}
          className={styles.select}
          value={filter.sortBy ?? 'newest'}
          onChange={(event) => change('sortBy', event.target.value)}
        >
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </div>
    </div>
  );
}
