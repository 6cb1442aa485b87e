import { z } from 'zod';
import { artistRefSchema, genreRefSchema, labelRefSchema, releaseSummarySchema } from './catalogue';
import { isBlankText, oneOf, queryInt, text } from './fields';
import { msg } from './messages';
import { publicUserSchema } from './user-shapes';

/**
 * Shapes of `GET search`: one call answers the header dropdown, the combined
 * page and each per-type page. Only the types asked for are in the reply.
 */

export const SEARCH_TYPES = ['releases', 'artists', 'labels', 'genres', 'users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE_DEFAULT = 10;
export const SEARCH_PAGE_SIZE_MAX = 50;
/**
 * How many results of a kind search ranks and counts: a count of this many
 * means this many or more. Pages reach that deep (20 pages of 50).
 */
export const SEARCH_RESULTS_MAX = 1000;
export const SEARCH_PAGE_MAX = SEARCH_RESULTS_MAX / SEARCH_PAGE_SIZE_MAX;

const searchType = oneOf('type', SEARCH_TYPES);

/**
 * `GET search?q&type&page&pageSize`: `type` may repeat (none means all five);
 * a blank `q` is refused, as is an absent one.
 */
export const searchQuerySchema = z.object({
  q: z.preprocess(
    (v) => v ?? '',
    text('q', { max: SEARCH_QUERY_MAX }).refine((v) => !isBlankText(v), {
      error: msg.searchEmpty,
    }),
  ),
  type: z
    .union([searchType, z.array(searchType, { error: msg.oneOf('type', SEARCH_TYPES) })], {
      error: msg.oneOf('type', SEARCH_TYPES),
    })
    .optional()
    .transform((v): SearchType[] => {
      if (v === undefined) return [...SEARCH_TYPES];
      return [...new Set(Array.isArray(v) ? v : [v])];
    }),
  page: queryInt('page', 1, SEARCH_PAGE_MAX).default(1),
  pageSize: queryInt('pageSize', 1, SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchReplySchema = z.object({
  releases: z.array(releaseSummarySchema).optional(),
  releasesCount: z.number().int().optional(),
  artists: z.array(artistRefSchema).optional(),
  artistsCount: z.number().int().optional(),
  labels: z.array(labelRefSchema).optional(),
  labelsCount: z.number().int().optional(),
  genres: z.array(genreRefSchema).optional(),
  genresCount: z.number().int().optional(),
  users: z.array(publicUserSchema).optional(),
  usersCount: z.number().int().optional(),
});
export type SearchReply = z.infer<typeof searchReplySchema>;
