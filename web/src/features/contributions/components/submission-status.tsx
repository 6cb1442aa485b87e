import { SubmissionStatus, submissionStatusLabels } from '@earmark/common';
import styles from './submission-status.module.css';

const statusClass: Partial<Record<SubmissionStatus, string | undefined>> = {
  [SubmissionStatus.DISAPPROVED]: styles.disapproved,
  [SubmissionStatus.APPROVED]: styles.approved,
};

/** A submission's status in words: red when disapproved, in the highlight colour when approved. */
export function SubmissionStatusText({ status }: { status: SubmissionStatus }) {
  return (
    <span className={`${styles.status} ${statusClass[status] ?? ''}`}>
      {submissionStatusLabels[status]}
    </span>
  );
}
