import type { ReactNode } from 'react';
import { formatDuration } from '@earmark/common';
import type { Cover, SubmissionDiffEntry } from '@earmark/common';
import styles from './submission-diff.module.css';

type TracksEntry = Extract<SubmissionDiffEntry, { kind: 'tracks' }>;
type DiffTrack = TracksEntry['added'][number];

/**
 * What a submission changes, field by field: texts before and after, names
 * added to and removed from a set, the tracklist's changes and the cover.
 */
export function SubmissionDiff({ diff }: { diff: readonly SubmissionDiffEntry[] }) {
  if (diff.length === 0) return <p className={styles.none}>No changes</p>;
  return (
    <dl className={styles.diff}>
      {diff.map((entry) => (
        <div key={entry.field} className={styles.entry}>
          <dt className={styles.label}>{entry.label}</dt>
          <dd className={styles.value}>
            <DiffValue entry={entry} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DiffValue({ entry }: { entry: SubmissionDiffEntry }) {
  switch (entry.kind) {
    case 'text':
      return <BeforeAfter before={entry.before} after={entry.after} />;
    case 'set':
      return (
        <>
          <NameList title="Added" names={entry.added} className={styles.added} />
          <NameList title="Removed" names={entry.removed} className={styles.removed} />
        </>
      );
    case 'tracks':
      return <TracksChange entry={entry} />;
    case 'cover':
      return (
        <div className={styles.covers}>
          <CoverSide title="Before" cover={entry.before} />
          <CoverSide title="After" cover={entry.after} />
        </div>
      );
  }
}

function BeforeAfter({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <div className={styles.texts}>
      {before !== null && before !== '' && (
        <p className={styles.before}>
          <span className={styles.side}>Before</span>
          <del className={styles.text}>{before}</del>
        </p>
      )}
      <p className={styles.after}>
        <span className={styles.side}>After</span>
        {after === null || after === '' ? (
          <span className={styles.empty}>None</span>
        ) : (
          <ins className={styles.text}>{after}</ins>
        )}
      </p>
    </div>
  );
}

function NameList({
  title,
  names,
  className,
}: {
  title: string;
  names: readonly string[];
  className: string | undefined;
}) {
  if (names.length === 0) return null;
  return (
    <div className={styles.group}>
      <p className={styles.side}>{title}</p>
      <ul className={styles.chips} aria-label={title}>
        {names.map((name) => (
          <li key={name} className={`${styles.chip} ${className ?? ''}`}>
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

const trackLine = (track: DiffTrack) => {
  const duration = formatDuration(track.durationMs);
  return `${track.track}. ${track.title}${duration ? ` (${duration})` : ''}`;
};

const durationText = (ms: number | null) => formatDuration(ms) || 'no length';

function TrackGroup({
  title,
  lines,
  className,
}: {
  title: string;
  lines: string[];
  className?: string | undefined;
}) {
  if (lines.length === 0) return null;
  return (
    <div className={styles.group}>
      <p className={styles.side}>{title}</p>
      <ul className={styles.tracks} aria-label={`${title} tracks`}>
        {lines.map((line, index) => (
          <li key={index} className={className}>
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TracksChange({ entry }: { entry: TracksEntry }) {
  return (
    <>
      <TrackGroup title="Added" lines={entry.added.map(trackLine)} className={styles.added} />
      <TrackGroup title="Removed" lines={entry.removed.map(trackLine)} className={styles.removed} />
      <TrackGroup
        title="Renamed"
        lines={entry.renamed.map((t) => `${t.track}. ${t.before} → ${t.after}`)}
      />
      <TrackGroup
        title="Length changed"
        lines={entry.retimed.map(
          (t) => `${t.track}. ${t.title}: ${durationText(t.before)} → ${durationText(t.after)}`,
        )}
      />
      {entry.reordered && <p className={styles.note}>Tracks were reordered or renumbered.</p>}
    </>
  );
}

function CoverSide({ title, cover }: { title: string; cover: Cover | null }) {
  return (
    <figure className={styles.cover}>
      {cover ? (
        <img src={cover.md} alt={`Cover ${title.toLowerCase()}`} width={160} height={160} />
      ) : (
        <div className={styles.noCover}>No cover</div>
      )}
      <figcaption className={styles.side}>{title}</figcaption>
    </figure>
  );
}
