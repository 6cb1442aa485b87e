import { useId, useState } from 'react';
import { Link } from 'react-router';
import { REPORT_NOTE_MAX_LENGTH, fullDate, relativeTime } from '@earmark/common';
import type { ReportEntry } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { showSnackbar } from '../../../lib/snackbar';
import { useCloseReport } from '../api';
import { REPORT_STATUS_LABELS, REPORT_TYPE_LABELS, noteOrNull } from '../reports';
import { ActorName } from './actor-name';
import styles from './report-card.module.css';

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={fullDate(at)}>
      {relativeTime(at)}
    </time>
  );
}

/** One report: what was reported, why, by whom and when; open ones can be closed with a note. */
export function ReportCard({ report }: { report: ReportEntry }) {
  const titleId = useId();
  const what = report.targetLabel ?? 'Removed content';
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.header}>
        <span className={styles.type}>{REPORT_TYPE_LABELS[report.type]}</span>
        <h2 id={titleId} className={styles.title}>
          {report.link ? <Link to={report.link}>{what}</Link> : what}
        </h2>
      </header>
      <blockquote className={styles.reason}>{report.reason}</blockquote>
      <p className={styles.meta}>
        Reported by <ActorName actor={report.reporter} /> · <When at={report.createdAt} />
      </p>
      {report.status === 'open' ? (
        <CloseReport id={report.id} what={what} />
      ) : (
        <p className={styles.meta}>
          {REPORT_STATUS_LABELS[report.status]}
          {report.resolvedAt && (
            <>
              {' '}
              <When at={report.resolvedAt} />
            </>
          )}
          {report.note && <>: {report.note}</>}
        </p>
      )}
    </article>
  );
}

function CloseReport({ id, what }: { id: string; what: string }) {
  const [note, setNote] = useState('');
  const close = useCloseReport();
  const [asked, setAsked] = useState<'resolved' | 'dismissed' | null>(null);

  function submit(status: 'resolved' | 'dismissed') {
    setAsked(status);
    close.mutate(
      { id, status, note: noteOrNull(note) },
      {
        onSuccess: () =>
          showSnackbar(
            `Report on ${what} ${status === 'resolved' ? 'resolved' : 'dismissed'}.`,
            'success',
          ),
      },
    );
  }

  return (
    <div className={styles.close}>
      <TextArea
        label="Note (optional)"
        rows={2}
        maxLength={REPORT_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className={styles.actions}>
        <Button
          size="small"
          loading={close.isPending && asked === 'resolved'}
          disabled={close.isPending}
          onClick={() => submit('resolved')}
        >
          Resolve
        </Button>
        <Button
          size="small"
          variant="secondary"
          loading={close.isPending && asked === 'dismissed'}
          disabled={close.isPending}
          onClick={() => submit('dismissed')}
        >
          Dismiss
        </Button>
      </div>
      {close.isError && (
        <p role="alert" className={styles.error}>
          {errorMessage(close.error)}
        </p>
      )}
    </div>
  );
}
