import { and, asc, inArray, sql } from 'drizzle-orm';
import {
  musicBrainzReleaseId,
  spotifyAlbumId,
  type AutofillRelease,
  type AutofillSource,
} from '@earmark/common';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { artists, labels } from '../../db/schema/index';
import { isVisible } from '../../db/visibility';
import { badRequest } from '../../lib/errors';
import { fetchMusicBrainzRelease } from './musicbrainz';
import type { SourceRelease } from './source-release';
import { SpotifyClient } from './spotify';
import {
  inProcessCache,
  inProcessSpacer,
  redisCache,
  redisSpacer,
  type RequestSpacer,
  type ResultCache,
} from './upstream';

/**
 * MusicBrainz asks for at most one request a second from each application;
 * a caller waits at most ten turns, beyond that the call answers 503.
 */
export const MUSICBRAINZ_SPACING = { service: 'MusicBrainz', gapMs: 1000, maxWaitMs: 10_000 };

const MALFORMED: Record<AutofillSource, string> = {
  musicbrainz: 'Give a MusicBrainz release id or a musicbrainz.org/release address',
  spotify: 'Give a Spotify album id, an open.spotify.com/album address or a spotify:album: URI',
};

/**
 * Autofill for one app: the MusicBrainz spacing and the cache are shared by
 * every instance through Redis when it is set; the Spotify token is kept per
 * instance (each asks for its own).
 */
export class Autofill {
  private readonly spacer: RequestSpacer;
  private readonly cache: ResultCache<SourceRelease>;
  private readonly spotify: SpotifyClient;

  constructor(private readonly app: FastifyInstance) {
    const { redis } = app;
    this.spacer = redis
      ? redisSpacer(redis, 'earmark-autofill:musicbrainz-slot', MUSICBRAINZ_SPACING)
      : inProcessSpacer(MUSICBRAINZ_SPACING);
    this.cache = redis ? redisCache(redis, 'earmark-autofill:') : inProcessCache();
    this.spotify = new SpotifyClient(app.config.autofill);
  }

  async release(source: AutofillSource, idOrUrl: string): Promise<AutofillRelease> {
    const settings = this.app.config.autofill;
    const id = source === 'musicbrainz' ? musicBrainzReleaseId(idOrUrl) : spotifyAlbumId(idOrUrl);
    if (!id) throw badRequest(MALFORMED[source]);
    const found = await this.cache.get(`${source}:${id}`, () =>
      source === 'musicbrainz'
        ? fetchMusicBrainzRelease(id, settings, this.spacer)
        : this.spotify.album(id),
    );
    return matchCatalogue(this.app.db, found);
  }
}

/**
 * Earmark's artists and labels of the names the service gave: the same name
 * ignoring case, visible ones only, the oldest when several share a name.
 * Read on every call (not cached), so one created since is matched at once.
 */
export async function matchCatalogue(db: Db, found: SourceRelease): Promise<AutofillRelease> {
  const [artistIds, labelIds] = await Promise.all([
    idsByName(db, artists, found.artists),
    idsByName(db, labels, found.labels),
  ]);
  return {
    ...found,
    artists: found.artists.map((name) => {
      const artistId = artistIds.get(name.toLowerCase());
      return artistId ? { name, artistId } : { name };
    }),
    labels: found.labels.map((name) => {
      const labelId = labelIds.get(name.toLowerCase());
      return labelId ? { name, labelId } : { name };
    }),
  };
}

async function idsByName(
  db: Db,
  table: typeof artists | typeof labels,
  names: string[],
): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  if (names.length === 0) return byName;
  const lowered = sql`lower(${table.name})`;
  const rows = await db
    .select({ id: table.id, name: lowered.mapWith(String) })
    .from(table)
    .where(
      and(
        inArray(
          lowered,
          names.map((n) => n.toLowerCase()),
        ),
        isVisible(table),
      ),
    )
    .orderBy(asc(table.createdAt), asc(table.id));
  for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row.id);
  return byName;
}
