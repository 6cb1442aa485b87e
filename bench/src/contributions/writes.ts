/**
 * The writes of the contributions benchmark: the accounts' statuses, the
 * releases and artists they edit, and the four write streams (release
 * edits, artist edits, creates, votes on open edits).
 */
import { ContributorStatus, ReleaseType } from '@earmark/common';
import type { PlannedRequest, Planner } from '../lib/load';
import { withClient } from '../lib/postgres';

/** Accounts that write, most active first: one in 10 editors, one in 3 trusted, the rest contributors. */
export const WRITE_USERS = Number(process.env.BENCH_WRITE_USERS ?? 400);
/** Release pages read (and edited by editors, so their cached copies are dropped). */
const READ_RELEASES = 2_000;
/** Releases contributors edit, one open edit each: enough not to come back to one in a run. */
const CONTRIBUTOR_EDIT_RELEASES = 6_000;
/** Open edits made before the run for the trusted to vote on. */
const VOTED_EDITS = 200;
const ARTISTS = 4_000;
/** One write in this many is an editor's (so editors stay under the hourly limit per account too). */
const EDITOR_SHARE = 8;

export interface ReleaseRow {
  id: string;
  title: string;
  title_latin: string | null;
  type: number;
  date: string | null;
  date_precision: string | null;
  artists: string[];
  labels: string[];
  languages: string[];
}

export interface ArtistRow {
  id: string;
  name: string;
  name_latin: string | null;
}

export interface Accounts {
  editors: string[];
  trusted: string[];
  contributors: string[];
}

export interface Pools {
  /** Read, and edited by editors. */
  read: ReleaseRow[];
  /** Edited by contributors (open edits). */
  contributorEdits: ReleaseRow[];
  /** Edited once before the run, then voted on. */
  voted: ReleaseRow[];
  artists: ArtistRow[];
}

export interface WriteStream {
  name: string;
  plan: Planner;
}

/** Gives the signed-in accounts their contributor status, straight in the database. */
export async function assignStatuses(
  url: string,
  userIds: string[],
  cookies: string[],
): Promise<Accounts> {
  const accounts: Accounts = { editors: [], trusted: [], contributors: [] };
  const byStatus = new Map<number, string[]>();
  userIds.forEach((id, i) => {
    const status =
      i % 10 === 0
        ? ContributorStatus.EDITOR
        : i % 3 === 1
          ? ContributorStatus.TRUSTED_CONTRIBUTOR
          : ContributorStatus.CONTRIBUTOR;
    byStatus.set(status, [...(byStatus.get(status) ?? []), id]);
    const list =
      status === ContributorStatus.EDITOR
        ? accounts.editors
        : status === ContributorStatus.TRUSTED_CONTRIBUTOR
          ? accounts.trusted
          : accounts.contributors;
    list.push(cookies[i]!);
  });
  await withClient(url, async (c) => {
    for (const [status, ids] of byStatus) {
      await c.query('update users set contributor_status = $1 where id = any($2)', [status, ids]);
    }
  });
  return accounts;
}

export async function pools(url: string): Promise<Pools> {
  return withClient(url, async (c) => {
    const wanted = READ_RELEASES + CONTRIBUTOR_EDIT_RELEASES + VOTED_EDITS;
    const { rows: releases } = await c.query<ReleaseRow>(
      `select r.id, r.title, r.title_latin, r.type, r.date::text as date, r.date_precision,
         array(select artist_id from release_artists where release_id = r.id order by position) as artists,
         array(select label_id from release_labels where release_id = r.id) as labels,
         array(select language_id from release_languages where release_id = r.id) as languages
       from (select * from releases
             where pending_deletion = false and merged_into_id is null
             order by random() limit $1) r`,
      [wanted],
    );
    const credited = releases.filter((r) => r.artists.length > 0);
    // A small dataset has fewer releases than wanted: the pools shrink in proportion.
    const share = (n: number) => Math.max(1, Math.floor((n / wanted) * credited.length));
    const readEnd = share(READ_RELEASES);
    const votedEnd = readEnd + share(VOTED_EDITS);
    const { rows: artists } = await c.query<ArtistRow>(
      `select id, name, name_latin from artists
       where pending_deletion = false and merged_into_id is null order by random() limit $1`,
      [ARTISTS],
    );
    return {
      read: credited.slice(0, readEnd),
      voted: credited.slice(readEnd, votedEnd),
      contributorEdits: credited.slice(votedEnd),
      artists,
    };
  });
}

function releaseEdit(r: ReleaseRow, n: number, note: string) {
  return {
    title: `${r.title} (${n})`,
    ...(r.title_latin ? { titleLatin: r.title_latin } : {}),
    artistsIds: r.artists,
    type: r.type,
    date: r.date,
    datePrecision: r.date_precision,
    labelsIds: r.labels,
    languagesIds: r.languages,
    note,
  };
}

/** The write streams: each takes its accounts and targets in turn. */
export function writeStreams(
  at: string,
  accounts: Accounts,
  p: Pools,
  votable: string[],
): WriteStream[] {
  const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
  const write = (cookie: string, url: string, body: unknown, method: PlannedRequest['method']) => ({
    method,
    path: url,
    body,
    headers: { cookie },
  });
  // One write in EDITOR_SHARE is an editor's; each side takes its own accounts and targets in turn.
  const byEditor = (n: number) => n % EDITOR_SHARE === 0;
  const editorTurn = (n: number) => n / EDITOR_SHARE;
  const contributorTurn = (n: number) => n - Math.floor(n / EDITOR_SHARE) - 1;
  const author = (n: number) =>
    byEditor(n)
      ? pick(accounts.editors, editorTurn(n))
      : pick(accounts.contributors, contributorTurn(n));
  let releaseEdits = 0;
  let artistEdits = 0;
  let creates = 0;
  let votes = 0;
  const editorEnd = Math.max(1, Math.floor(p.artists.length / EDITOR_SHARE));
  const editorArtists = p.artists.slice(0, editorEnd);
  const contributorArtists = p.artists.slice(editorEnd);
  return [
    {
      // Editors' edits are applied at once, on pages being read; the others are open edits.
      name: 'POST submissions/releases/{id} (edit)',
      plan: () => {
        const n = releaseEdits++;
        const r = byEditor(n)
          ? pick(p.read, editorTurn(n))
          : pick(p.contributorEdits, contributorTurn(n));
        const body = releaseEdit(r, n, 'Corrected the title from the sleeve.');
        return write(author(n), `/api/submissions/releases/${r.id}`, body, 'POST');
      },
    },
    {
      name: 'POST submissions/artists/{id} (edit)',
      plan: () => {
        const n = artistEdits++;
        const a = byEditor(n)
          ? pick(editorArtists, editorTurn(n))
          : pick(contributorArtists, contributorTurn(n));
        const body = {
          name: a.name,
          ...(a.name_latin ? { nameLatin: a.name_latin } : {}),
          bio: `Formed in ${1950 + (n % 70)}; ${n} records and counting.`,
          note: 'Added a short biography.',
        };
        return write(author(n), `/api/submissions/artists/${a.id}`, body, 'POST');
      },
    },
    {
      name: 'POST submissions/releases, artists (create)',
      plan: () => {
        const n = creates++;
        if (Math.floor(n / EDITOR_SHARE) % 2 === 0) {
          const body = { name: `Bench Artist ${at} ${n}`, note: 'A new artist.' };
          return write(author(n), '/api/submissions/artists', body, 'POST');
        }
        const body = {
          title: `Bench Release ${at} ${n}`,
          artistsIds: [pick(p.artists, n).id],
          type: ReleaseType.LP,
          note: 'A new release.',
        };
        return write(author(n), '/api/submissions/releases', body, 'POST');
      },
    },
    {
      // Two trusted voters per open edit, up or down: never the three that decide, so it stays open.
      name: 'PATCH submissions/releases/vote/{id}',
      plan: () => {
        const n = votes++;
        const target = n % votable.length;
        const round = Math.floor(n / votable.length);
        const voter = pick(accounts.trusted, target * 2 + (round % 2));
        const vote = Math.floor(round / 2) % 2 === 0 ? 1 : -1;
        return write(voter, `/api/submissions/releases/vote/${votable[target]}`, { vote }, 'PATCH');
      },
    },
  ];
}

/** One request through fetch, as the load would send it: its status and body. */
export async function send(
  baseUrl: string,
  r: PlannedRequest,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}${r.path}`, {
    method: r.method ?? 'GET',
    headers: {
      ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
      origin: baseUrl,
      ...r.headers,
    },
    ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: await res.text() };
}

/** Open edits by contributors, made through the API before the run, for the votes. */
export async function openEdits(baseUrl: string, accounts: Accounts, p: Pools): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, r] of p.voted.entries()) {
    const cookie = accounts.contributors[i % accounts.contributors.length]!;
    const res = await send(baseUrl, {
      method: 'POST',
      path: `/api/submissions/releases/${r.id}`,
      body: releaseEdit(r, i, 'The year on the label is different.'),
      headers: { cookie },
    });
    if (res.status >= 200 && res.status < 300)
      ids.push((JSON.parse(res.body) as { id: string }).id);
  }
  return ids;
}
