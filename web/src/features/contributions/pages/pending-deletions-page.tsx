import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SUBMISSION_KINDS, SubmissionStatus } from '@earmark/common';
import type { ProcessPendingDeletionInput, SubmissionKind } from '@earmark/common';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { LoadError } from '../../../components/load-failure';
import { LoadMore } from '../../../components/load-more';
import { PageFrame } from '../../../components/page-frame';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { pageCards, submissionsInfiniteQueryOptions, useProcessPendingDeletions } from '../api';
import { AdminOnly } from '../components/admin-only';
import { SubmissionByline } from '../components/submission-byline';
import { kindLabels } from '../kinds';
import styles from './pending-deletions-page.module.css';

const FILTER = { status: SubmissionStatus.PENDING_ENTITY_DELETION, sortBy: 'oldest' } as const;

const inputKey = {
  release: 'releaseSubmissionIds',
  artist: 'artistSubmissionIds',
  label: 'labelSubmissionIds',
  genre: 'genreSubmissionIds',
} as const satisfies Record<SubmissionKind, keyof ProcessPendingDeletionInput>;

type Selection = Record<SubmissionKind, string[]>;
const NOTHING: Selection = { release: [], artist: [], label: [], genre: [] };

/**
 * /contributions/pending-deletions (admins): disapproved creates whose
 * entities wait to be deleted; the chosen ones are deleted at once.
 */
export default function PendingDeletionsPage() {
  return (
    <AdminOnly>
      <PendingDeletions />
    </AdminOnly>
  );
}

function PendingDeletions() {
  const [selected, setSelected] = useState<Selection>(NOTHING);
  const [done, setDone] = useState<string | null>(null);
  const process = useProcessPendingDeletions();
  const count = SUBMISSION_KINDS.reduce((sum, kind) => sum + selected[kind].length, 0);

  function toggle(kind: SubmissionKind, id: string, on: boolean) {
    setDone(null);
    setSelected((now) => ({
      ...now,
      [kind]: on ? [...now[kind], id] : now[kind].filter((other) => other !== id),
    }));
  }

  function submit() {
    const input: ProcessPendingDeletionInput = {};
    for (const kind of SUBMISSION_KINDS) {
      if (selected[kind].length > 0) input[inputKey[kind]] = selected[kind];
    }
    process.mutate(input, {
      onSuccess: ({ deleted }) => {
        setSelected(NOTHING);
        const total = deleted.releases + deleted.artists + deleted.labels + deleted.genres;
        setDone(`Deleted ${total} ${total === 1 ? 'entity' : 'entities'}.`);
      },
    });
  }

  return (
    <PageFrame title="Pending deletions" heading="Pending deletions">
      <div className={styles.bar}>
        <Button disabled={count === 0} loading={process.isPending} onClick={submit}>
          Delete selected ({count})
        </Button>
        <p role="status" className={styles.done}>
          {done}
        </p>
        {process.isError && (
          <p role="alert" className={styles.error}>
            {errorMessage(process.error)}
          </p>
        )}
      </div>
      {SUBMISSION_KINDS.map((kind) => (
        <PendingKind
          key={kind}
          kind={kind}
          selected={selected[kind]}
          onToggle={(id, on) => toggle(kind, id, on)}
        />
      ))}
    </PageFrame>
  );
}

function PendingKind({
  kind,
  selected,
  onToggle,
}: {
  kind: SubmissionKind;
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  const query = useInfiniteQuery(submissionsInfiniteQueryOptions(kind, FILTER));
  const headingId = `pending-${kind}`;
  let body;
  if (query.isPending) body = <Spinner label={`Loading ${kindLabels[kind].many.toLowerCase()}`} />;
  else if (!query.data) {
    body = (
      <LoadError
        title={`The ${kindLabels[kind].many.toLowerCase()} could not be loaded.`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const cards = query.data.pages.flatMap((page) => pageCards(kind, page));
    body =
      cards.length === 0 ? (
        <p className={styles.none}>Nothing waits to be deleted.</p>
      ) : (
        <>
          <ul className={styles.items} aria-labelledby={headingId}>
            {cards.map((card) => (
              <li key={card.id} className={styles.item}>
                <Checkbox
                  label={card.entityName}
                  checked={selected.includes(card.id)}
                  onChange={(event) => onToggle(card.id, event.target.checked)}
                />
                <SubmissionByline user={card.user} at={card.createdAt} />
                <Link to={paths.submission.href(kind, card.id)} className={styles.link}>
                  Contribution
                  <span className="visually-hidden"> for {card.entityName}</span>
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore query={query} what={kindLabels[kind].many.toLowerCase()} />
        </>
      );
  }
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {kindLabels[kind].many}
      </h2>
      {body}
    </section>
  );
}
