import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MERGE_ENTITY_TYPES } from '@earmark/common';
import type { MergeEntityType, MergeInput, MergeReply, SearchType } from '@earmark/common';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageFrame } from '../../../components/page-frame';
import { Spinner } from '../../../components/spinner';
import { SelectField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { AdminNav, AdminOnly } from '../../admin';
import type { SearchHit } from '../../search';
import { SinglePicker } from '../components/single-picker';
import { useMerge, useMergePreview } from '../merge-api';
import styles from './merge-page.module.css';

const KINDS: Record<
  MergeEntityType,
  { label: string; one: string; many: string; search: SearchType; href: (id: string) => string }
> = {
  artist: {
    label: 'Artists',
    one: 'artist',
    many: 'artists',
    search: 'artists',
    href: paths.artist.href,
  },
  release: {
    label: 'Releases',
    one: 'release',
    many: 'releases',
    search: 'releases',
    href: paths.release.href,
  },
  label: {
    label: 'Labels',
    one: 'label',
    many: 'labels',
    search: 'labels',
    href: paths.label.href,
  },
};

/**
 * /contributions/merge (admins): merge one artist, release or label into
 * another. Both are chosen by name, the page shows what would move, and a
 * confirmation runs the merge; the source then leads to the target.
 */
export default function MergePage() {
  return (
    <AdminOnly>
      <Merge />
    </AdminOnly>
  );
}

function Merge() {
  const [entityType, setEntityType] = useState<MergeEntityType>('artist');
  const [source, setSource] = useState<SearchHit | null>(null);
  const [target, setTarget] = useState<SearchHit | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [merged, setMerged] = useState<MergeReply | null>(null);
  const merge = useMerge();
  const kind = KINDS[entityType];
  const input: MergeInput | null =
    source && target ? { entityType, mergeFromId: source.id, mergeIntoId: target.id } : null;
  const preview = useMergePreview(input);
  const doneRef = useRef<HTMLDivElement | null>(null);
  // The confirming button is gone once the merge is done: the focus goes to the outcome.
  useEffect(() => {
    if (merged) doneRef.current?.focus();
  }, [merged]);

  function choose(setter: (hit: SearchHit | null) => void) {
    return (hit: SearchHit | null) => {
      setMerged(null);
      merge.reset();
      setter(hit);
    };
  }

  function run() {
    if (!input) return;
    merge.mutate(input, {
      onSuccess: (reply) => {
        setConfirming(false);
        setMerged(reply);
        setSource(null);
        setTarget(null);
      },
    });
  }

  return (
    <PageFrame title="Merge" heading="Merge" subNav={<AdminNav />}>
      <div className={styles.page}>
        <p className={styles.intro}>
          Everything that refers to the source (ratings, reviews, list items, comments, votes,
          credits) moves to the target, and the source’s page leads to the target’s.
        </p>
        <SelectField
          label="What to merge"
          value={entityType}
          onChange={(event) => {
            setEntityType(event.target.value as MergeEntityType);
            setSource(null);
            setTarget(null);
            setMerged(null);
          }}
        >
          {MERGE_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {KINDS[type].label}
            </option>
          ))}
        </SelectField>
        <SinglePicker
          key={`source-${entityType}`}
          legend={`Merge this ${kind.one} (source)`}
          type={kind.search}
          many={kind.many}
          value={source}
          onChange={choose(setSource)}
          excludeId={target?.id}
        />
        <SinglePicker
          key={`target-${entityType}`}
          legend={`Into this ${kind.one} (target)`}
          type={kind.search}
          many={kind.many}
          value={target}
          onChange={choose(setTarget)}
          excludeId={source?.id}
        />
        {input && (
          <section className={styles.preview} aria-labelledby="merge-preview">
            <h2 id="merge-preview" className={styles.heading}>
              What moves
            </h2>
            {preview.isPending ? (
              <Spinner label="Loading what moves" />
            ) : preview.isError ? (
              <p role="alert" className={styles.error}>
                {errorMessage(preview.error)}
              </p>
            ) : (
              <>
                <ul className={styles.moves}>
                  {preview.data.moves.map((move) => (
                    <li key={move.key}>
                      {move.label}: <strong>{move.count}</strong>
                    </li>
                  ))}
                </ul>
                <div>
                  <Button variant="danger" onClick={() => setConfirming(true)}>
                    Merge…
                  </Button>
                </div>
              </>
            )}
          </section>
        )}
        <div role="status" className={styles.done} ref={doneRef} tabIndex={-1}>
          {merged && (
            <p>
              Merged {merged.source.name} into{' '}
              <Link to={KINDS[merged.entityType].href(merged.target.id)}>{merged.target.name}</Link>
              .
            </p>
          )}
        </div>
      </div>
      {input && source && target && (
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={`Merge ${source.title} into ${target.title}?`}
          confirmLabel="Merge"
          onConfirm={run}
          pending={merge.isPending}
        >
          <p>
            {source.title} will be hidden, everything that refers to it moves to {target.title}, and
            its page will lead to {target.title}. This cannot be undone.
          </p>
          {merge.isError && (
            <p role="alert" className={styles.error}>
              {errorMessage(merge.error)}
            </p>
          )}
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}
