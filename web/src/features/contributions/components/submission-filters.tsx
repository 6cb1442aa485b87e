import { useSearchParams } from 'react-router';
import {
  SubmissionStatus,
  enumValues,
  submissionEntityIdKey,
  submissionStatusLabels,
} from '@earmark/common';
import type { SubmissionKind } from '@earmark/common';
import { FilterSelect } from '../../../components/filter-select';
import type { SubmissionsFilter } from '../api';
import styles from './submission-filters.module.css';

/** The address's word for 'every status' (no `status` at all means the page's own). */
const ANY = 'any';
const STATUS_OPTIONS = enumValues(SubmissionStatus).map((status) => ({
  value: String(status),
  label: submissionStatusLabels[status],
}));
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

/**
 * The status, order and entity a list shows, read from the address
 * (`?status=4`, `?status=any`, `?sortBy=oldest`, `?releaseId=...` on the
 * releases); `defaultStatus` applies without a status.
 */
export function useSubmissionFilter(
  kind: SubmissionKind,
  defaultStatus?: SubmissionStatus,
): SubmissionsFilter {
  const [params] = useSearchParams();
  const asked = params.get('status');
  const status = asked === ANY ? undefined : (parseStatus(asked) ?? defaultStatus);
  const sortBy = params.get('sortBy') === 'oldest' ? 'oldest' : 'newest';
  const entityKey = submissionEntityIdKey[kind];
  const entityId = params.get(entityKey);
  return {
    ...(status !== undefined && { status }),
    sortBy,
    ...(entityId && { [entityKey]: entityId }),
  };
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
      <FilterSelect
        label="Status"
        anyLabel="Any status"
        value={filter.status === undefined ? '' : String(filter.status)}
        options={STATUS_OPTIONS}
        onChange={(value) => change('status', value || ANY)}
      />
      <FilterSelect
        label="Sort"
        value={filter.sortBy ?? 'newest'}
        options={SORT_OPTIONS}
        onChange={(value) => change('sortBy', value)}
      />
    </div>
  );
}
