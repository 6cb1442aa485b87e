import { explicitCoverArtLabels, releaseTypeLabels } from '../enums';
import type { ExplicitCoverArt, ReleaseType } from '../enums';
import { formatReleaseDate } from '../format/release-date';
import type { Cover } from '../schemas/catalogue';
import type { SubmissionDiffEntry } from '../schemas/submission-changes';
import type { SubmissionKind } from '../schemas/submissions';

/**
 * The field-by-field difference between an entity's state before a
 * submission (`original`, null for a create) and the state it proposes
 * (`changes`), as the submission and history pages show it. Snapshots come
 * from stored JSON, so every field is read defensively: a missing field is
 * an empty one, never an error.
 */
export function diffSubmission(
  kind: SubmissionKind,
  original: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): SubmissionDiffEntry[] {
  const before = original ?? {};
  const entries = FIELDS[kind].map((field) => field(before, changes));
  return entries.filter((entry): entry is SubmissionDiffEntry => entry !== null);
}

type Snapshot = Record<string, unknown>;
type FieldDiff = (before: Snapshot, after: Snapshot) => SubmissionDiffEntry | null;

interface Named {
  id: string;
  name: string;
}

interface DiffTrack {
  id?: string;
  track: string;
  title: string;
  durationMs: number | null;
}

const asText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const asNamed = (value: unknown): Named[] =>
  asArray(value).flatMap((item) => {
    const { id, name } = (item ?? {}) as Record<string, unknown>;
    return typeof id === 'string' && typeof name === 'string' ? [{ id, name }] : [];
  });

const asTracks = (value: unknown): DiffTrack[] =>
  asArray(value).flatMap((item) => {
    const { id, track, title, durationMs } = (item ?? {}) as Record<string, unknown>;
    if (typeof track !== 'string' || typeof title !== 'string') return [];
    const duration = typeof durationMs === 'number' ? durationMs : null;
    return [{ ...(typeof id === 'string' ? { id } : {}), track, title, durationMs: duration }];
  });

const asCover = (value: unknown): Cover | null => {
  const cover = (value ?? null) as Partial<Cover> | null;
  return cover && typeof cover.lg === 'string' ? (cover as Cover) : null;
};

/** A plain text field, shown as it is (or through `format`). */
function textField(
  field: string,
  label: string,
  format: (snapshot: Snapshot) => string | null = (s) => asText(s[field]),
): FieldDiff {
  return (before, after) => {
    const [was, now] = [format(before), format(after)];
    return was === now ? null : { kind: 'text', field, label, before: was, after: now };
  };
}

/**
 * A set of named things (artists, labels, languages, parent genres):
 * what was added and removed. When only the order changed (credits read
 * in order), the whole list is shown before and after as text.
 */
function namedSetField(field: string, label: string): FieldDiff {
  return (before, after) => {
    const [was, now] = [asNamed(before[field]), asNamed(after[field])];
    const wasIds = new Set(was.map((item) => item.id));
    const nowIds = new Set(now.map((item) => item.id));
    const added = now.filter((item) => !wasIds.has(item.id)).map((item) => item.name);
    const removed = was.filter((item) => !nowIds.has(item.id)).map((item) => item.name);
    if (added.length > 0 || removed.length > 0)
      return { kind: 'set', field, label, added, removed };
    const order = (items: Named[]) => items.map((item) => item.id).join('\u0000');
    if (order(was) === order(now)) return null;
    const names = (items: Named[]) => items.map((item) => item.name).join(', ');
    return { kind: 'text', field, label, before: names(was), after: names(now) };
  };
}

function explicitField(): FieldDiff {
  const field = 'explicitCoverArt';
  return (before, after) => {
    const read = (s: Snapshot) =>
      asArray(s[field]).filter((v): v is ExplicitCoverArt => typeof v === 'string');
    const [was, now] = [read(before), read(after)];
    const label = (v: ExplicitCoverArt) => explicitCoverArtLabels[v] ?? v;
    const added = now.filter((v) => !was.includes(v)).map(label);
    const removed = was.filter((v) => !now.includes(v)).map(label);
    if (added.length === 0 && removed.length === 0) return null;
    return { kind: 'set', field, label: 'Explicit cover art', added, removed };
  };
}

function coverField(): FieldDiff {
  return (before, after) => {
    const [was, now] = [asCover(before.cover), asCover(after.cover)];
    if ((was?.lg ?? null) === (now?.lg ?? null)) return null;
    return { kind: 'cover', field: 'cover', label: 'Cover', before: was, after: now };
  };
}

/**
 * Tracks are matched by id: a proposed track with the id of an existing one
 * is that track (renamed, re-timed or moved); one without is added; an
 * existing track no proposed one names is removed.
 */
function tracksField(): FieldDiff {
  return (before, after) => {
    const [was, now] = [asTracks(before.tracks), asTracks(after.tracks)];
    const wasById = new Map(was.flatMap((t) => (t.id ? [[t.id, t] as const] : [])));
    const kept = now.filter((t) => t.id !== undefined && wasById.has(t.id));
    const keptIds = new Set(kept.map((t) => t.id));
    const plain = ({ track, title, durationMs }: DiffTrack) => ({ track, title, durationMs });

    const added = now.filter((t) => t.id === undefined || !wasById.has(t.id)).map(plain);
    const removed = was.filter((t) => t.id === undefined || !keptIds.has(t.id)).map(plain);
    const renamed = kept.flatMap((t) => {
      const old = wasById.get(t.id!)!;
      return old.title === t.title ? [] : [{ track: t.track, before: old.title, after: t.title }];
    });
    const retimed = kept.flatMap((t) => {
      const old = wasById.get(t.id!)!;
      return old.durationMs === t.durationMs
        ? []
        : [{ track: t.track, title: t.title, before: old.durationMs, after: t.durationMs }];
    });
    const keptBefore = was.filter((t) => t.id !== undefined && keptIds.has(t.id));
    const reordered =
      keptBefore.map((t) => `${t.id}:${t.track}`).join('\u0000') !==
      kept.map((t) => `${t.id}:${t.track}`).join('\u0000');

    const changed =
      added.length + removed.length + renamed.length + retimed.length > 0 || reordered;
    if (!changed) return null;
    return {
      kind: 'tracks',
      field: 'tracks',
      label: 'Tracks',
      added,
      removed,
      renamed,
      retimed,
      reordered,
    };
  };
}

const releaseType = (s: Snapshot) =>
  typeof s.type === 'number' ? (releaseTypeLabels[s.type as ReleaseType] ?? null) : null;

const releaseDate = (s: Snapshot) => {
  const precision = s.datePrecision;
  const known = precision === 'day' || precision === 'month' || precision === 'year';
  return asText(formatReleaseDate(asText(s.date), known ? precision : 'day'));
};

/**
 * An admin merge is recorded on the target as a change whose `changes`
 * name the entity merged into it (`mergedFrom`); history shows it first.
 */
const mergedFrom = textField(
  'mergedFrom',
  'Merged from',
  (s) => asNamed([s.mergedFrom])[0]?.name ?? null,
);

/** Which fields each kind shows, in the order its pages show them. */
const FIELDS: Record<SubmissionKind, readonly FieldDiff[]> = {
  release: [
    mergedFrom,
    textField('title', 'Title'),
    textField('titleLatin', 'Latin title'),
    namedSetField('artists', 'Artists'),
    textField('type', 'Type', releaseType),
    textField('date', 'Release date', releaseDate),
    namedSetField('labels', 'Labels'),
    namedSetField('languages', 'Languages'),
    explicitField(),
    coverField(),
    tracksField(),
  ],
  artist: [
    mergedFrom,
    textField('name', 'Name'),
    textField('nameLatin', 'Latin name'),
    textField('bio', 'Bio'),
  ],
  label: [mergedFrom, textField('name', 'Name'), textField('nameLatin', 'Latin name')],
  genre: [
    textField('name', 'Name'),
    textField('bio', 'Description'),
    namedSetField('parents', 'Parent genres'),
  ],
};
