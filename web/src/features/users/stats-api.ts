import { queryOptions } from '@tanstack/react-query';
import type {
  UserArtistStats,
  UserGenreStats,
  UserLabelStats,
  UserRatingStats,
  UserReleaseDateStats,
  UserTagStats,
} from '@earmark/common';
import { api } from '../../lib/api';
import { entryKeys } from '../../lib/query-keys';

/** Each stats call and the shape it answers with. */
interface StatsShapes {
  artists: UserArtistStats;
  ratings: UserRatingStats;
  labels: UserLabelStats;
  genres: UserGenreStats;
  'release-date': UserReleaseDateStats;
  tags: UserTagStats;
}
export type UserStatsKind = keyof StatsShapes;

export const fetchUserStats = <K extends UserStatsKind>(
  userId: string,
  kind: K,
  signal?: AbortSignal,
) => api.get<StatsShapes[K]>(`/entries/user/${encodeURIComponent(userId)}/${kind}`, { signal });

export const userStatsQueryOptions = <K extends UserStatsKind>(userId: string, kind: K) =>
  queryOptions({
    // Under the entries key: whatever changes an entry refreshes a profile's charts and filters too.
    queryKey: entryKeys.userStats(userId, kind),
    queryFn: ({ signal }) => fetchUserStats(userId, kind, signal),
  });
