import type { SearchReply } from '@earmark/common';
import { makeReleaseSummary } from '../releases/test-support';

/** A fake `GET search` reply: the given results of each kind, counted as given or as many as shown. */
export function makeSearchReply(fields: Partial<SearchReply> = {}): SearchReply {
  const reply: SearchReply = {
    releases: [],
    artists: [],
    labels: [],
    genres: [],
    users: [],
    ...fields,
  };
  reply.releasesCount ??= reply.releases?.length ?? 0;
  reply.artistsCount ??= reply.artists?.length ?? 0;
  reply.labelsCount ??= reply.labels?.length ?? 0;
  reply.genresCount ??= reply.genres?.length ?? 0;
  reply.usersCount ??= reply.users?.length ?? 0;
  return reply;
}

export const someReleases = (n: number, prefix = 'Blue') =>
  Array.from({ length: n }, (_, i) =>
    makeReleaseSummary({ id: `r${i + 1}`, title: `${prefix} ${i + 1}` }),
  );
