/**
 * The definition of every stored counter: one SQL statement per counter
 * group that sets each row's counters to a recount of the rows they count
 * and returns the id of every row it changed. Services move the counters
 * step by step in the same transaction as the change; these statements are
 * what those steps must always add up to. The demo seed, the bench
 * generator, the test factories, `npm run db:recount` and the consistency
 * test run them (and later bans, merges and pending deletions).
 *
 * Plain SQL text with no parameters and no imports but its own parts
 * (recount-parts.ts), so any client (the server's Drizzle, the bench
 * generator's `pg`) can run it. Every counter
 * and average others see leaves out the rows of hidden (banned or deleted)
 * accounts: ratings, reviews and entries of a release, review, track, genre
 * and submission votes, list likes, followers and following, comments. A
 * ban, an unban or a deletion recounts exactly the rows the account's own
 * rows touch (features/users/account-counters). A row's count of its own
 * parts (a user's entries, a list's items, an entry's track votes) counts
 * them all: the row is hidden with its owner.
 */

import { HIDDEN_STATUSES_SQL, only, visibleBy, type CounterRecount } from './recount-parts';
import { userCreditCounts } from './recount-credits-sql';

export {
  HIDDEN_STATUSES_SQL,
  type CountedByTrigger,
  type CountedTable,
  type CounterRecount,
} from './recount-parts';

const releaseStats: CounterRecount = {
  counter: 'release stats (ratings, entries, reviews)',
  table: 'releases',
  sql: (ids) => `
    update releases r set
      ratings_count = c.rated, ratings_sum = c.total,
      ratings_avg = case when c.rated = 0 then null else c.total::float8 / c.rated end,
      entries_count = c.n, reviews_count = c.reviews
    from (
      select r2.id, coalesce(s.n, 0) n, coalesce(s.rated, 0) rated,
        coalesce(s.total, 0) total, coalesce(s.reviews, 0) reviews
      from releases r2
      left join (
        select e.release_id, count(*)::int n, count(e.rating)::int rated,
          coalesce(sum(e.rating), 0)::int total, count(e.review)::int reviews
        from entries e ${visibleBy('e.user_id')} where true ${only('e.release_id', ids)}
        group by e.release_id) s on s.release_id = r2.id
      where true ${only('r2.id', ids)}) c
    where c.id = r.id
      and (r.ratings_count, r.ratings_sum, r.ratings_avg, r.entries_count, r.reviews_count)
        is distinct from (c.rated, c.total,
          case when c.rated = 0 then null else c.total::float8 / c.rated end, c.n, c.reviews)
    returning r.id`,
};

/** A column of site_counts set from `counted`, which selects a count (n) by slot. */
const slotRecount = (counter: string, column: string, counted: string): CounterRecount => ({
  counter,
  table: 'site_counts',
  sql: () => `
    update site_counts s set ${column} = c.n
    from (
      select s2.slot, coalesce(k.n, 0) n
      from site_counts s2 left join (${counted}) k on k.slot = s2.slot) c
    where c.slot = s.slot and s.${column} is distinct from c.n
    returning s.slot id`,
});

/**
 * The site-wide sums of the release counters (site_counts): each slot
 * counts the visible accounts' reviews on the releases whose id hashes to
 * it, hidden releases included, as the releases' `reviews_count` do. A
 * trigger keeps them as release counters move; this recount is for loads
 * with triggers off, and for the consistency check. No partial form: a
 * recount of some releases moves the slots through the trigger.
 */
const siteCounts = slotRecount(
  'site-wide reviews',
  'reviews',
  `select site_count_slot(e.release_id) slot, count(*)::int n
    from entries e ${visibleBy('e.user_id')} where e.review is not null group by 1`,
);

/**
 * The site's published lists (site_counts), hidden accounts' included, in
 * slots by list id; kept by triggers on `lists`. No partial form, as above.
 */
export const sitePublishedLists = slotRecount(
  'site-wide published lists',
  'published_lists',
  'select site_count_slot(id) slot, count(*)::int n from lists where published group by 1',
);

/** Visible accounts' reviews by UTC day and slot; days no review is left on go to 0. */
const reviewDays: CounterRecount = {
  counter: 'reviews by day',
  table: 'review_days',
  sql: () => `
    with c as (
      select (e.review_created_at at time zone 'UTC')::date as day,
        site_count_slot(e.release_id) as slot, count(*)::int as n
      from entries e ${visibleBy('e.user_id')}
      where e.review is not null and e.review_created_at is not null
      group by 1, 2),
    counted as (
      insert into review_days as d (day, slot, reviews) select day, slot, n from c
      on conflict (day, slot) do update set reviews = excluded.reviews
        where d.reviews is distinct from excluded.reviews
      returning d.day, d.slot),
    cleared as (
      update review_days d set reviews = 0
      where d.reviews <> 0 and not exists (select 1 from c where c.day = d.day and c.slot = d.slot)
      returning d.day, d.slot)
    select day || ':' || slot as id from counted
    union all select day || ':' || slot from cleared`,
};

/**
 * The statement setting `upvotes` and `downvotes` of each row of `table`
 * to the count of its 1 and -1 votes in `votes` (aliased `v`, whose `key`
 * names the row) by visible accounts; `voter` joins the voter's account.
 */
function upDownVotes(table: string, votes: string, key: string, voter: string) {
  return (ids?: readonly string[]) => `
    update ${table} r set upvotes = c.up, downvotes = c.down
    from (
      select r2.id, coalesce(v.up, 0) up, coalesce(v.down, 0) down
      from ${table} r2
      left join (
        select v.${key}, count(*) filter (where v.vote = 1)::int up,
          count(*) filter (where v.vote = -1)::int down
        from ${votes} v ${voter} where true ${only(`v.${key}`, ids)}
        group by v.${key}) v on v.${key} = r2.id
      where true ${only('r2.id', ids)}) c
    where c.id = r.id and (r.upvotes, r.downvotes) is distinct from (c.up, c.down)
    returning r.id`;
}

const trackVotes: CounterRecount = {
  counter: 'track votes',
  table: 'tracks',
  // A track vote is its entry's: the voter is the entry's owner.
  sql: upDownVotes(
    'tracks',
    'track_votes',
    'track_id',
    `join entries ve on ve.id = v.entry_id ${visibleBy('ve.user_id')}`,
  ),
};

const entryVotes: CounterRecount = {
  counter: 'review votes, track votes and tags per entry',
  table: 'entries',
  sql: (ids) => `
    update entries e set
      review_upvotes = c.up, review_downvotes = c.down, track_votes_count = c.tv,
      tags_count = c.tags
    from (
      select e2.id, coalesce(rv.up, 0) up, coalesce(rv.down, 0) down, coalesce(tv.n, 0) tv,
        coalesce(et.n, 0) tags
      from entries e2
      left join (
        select v.entry_id, count(*) filter (where v.vote = 1)::int up,
          count(*) filter (where v.vote = -1)::int down
        from review_votes v ${visibleBy('v.user_id')} where true ${only('v.entry_id', ids)}
        group by v.entry_id) rv on rv.entry_id = e2.id
      left join (
        select entry_id, count(*)::int n from track_votes where true ${only('entry_id', ids)}
        group by entry_id) tv on tv.entry_id = e2.id
      left join (
        select entry_id, count(*)::int n from entry_tags where true ${only('entry_id', ids)}
        group by entry_id) et on et.entry_id = e2.id
      where true ${only('e2.id', ids)}) c
    where c.id = e.id
      and (e.review_upvotes, e.review_downvotes, e.track_votes_count, e.tags_count)
        is distinct from (c.up, c.down, c.tv, c.tags)
    returning e.id`,
};

const userCounters: CounterRecount = {
  counter: 'user entries, ratings, reviews, followers and following',
  table: 'users',
  sql: (ids) => `
    update users u set
      entries_count = c.n, ratings_count = c.rated, reviews_count = c.reviews,
      followers_count = c.followers, following_count = c.following
    from (
      select u2.id, coalesce(en.n, 0) n, coalesce(en.rated, 0) rated,
        coalesce(en.reviews, 0) reviews,
        coalesce(fr.n, 0) followers, coalesce(fg.n, 0) following
      from users u2
      left join (
        select user_id, count(*)::int n, count(rating)::int rated, count(review)::int reviews
        from entries where true ${only('user_id', ids)}
        group by user_id) en on en.user_id = u2.id
      left join (
        select f.following_id, count(*)::int n from follows f ${visibleBy('f.follower_id')}
        where true ${only('f.following_id', ids)} group by f.following_id) fr
        on fr.following_id = u2.id
      left join (
        select f.follower_id, count(*)::int n from follows f ${visibleBy('f.following_id')}
        where true ${only('f.follower_id', ids)} group by f.follower_id) fg
        on fg.follower_id = u2.id
      where true ${only('u2.id', ids)}) c
    where c.id = u.id
      and (u.entries_count, u.ratings_count, u.reviews_count, u.followers_count,
          u.following_count)
        is distinct from (c.n, c.rated, c.reviews, c.followers, c.following)
    returning u.id`,
};

/** A release's genre scores: a row per voted pair, none for a pair nobody votes on. */
const genreScores: CounterRecount = {
  counter: 'release genre scores',
  table: 'release_genres',
  sql: (ids) => `
    with counted as (
      select v.release_id, v.genre_id, sum(v.vote)::int score,
        count(*) filter (where v.vote = 1)::int up, count(*) filter (where v.vote = -1)::int down
      from release_genre_votes v ${visibleBy('v.user_id')} where true ${only('v.release_id', ids)}
      group by v.release_id, v.genre_id),
    gone as (
      delete from release_genres rg
      where true ${only('rg.release_id', ids)} and not exists (select 1 from counted c
        where c.release_id = rg.release_id and c.genre_id = rg.genre_id)
      returning rg.release_id || ':' || rg.genre_id as id),
    upserted as (
      insert into release_genres (release_id, genre_id, score, upvotes, downvotes)
      select c.release_id, c.genre_id, c.score, c.up, c.down
      from counted c
      left join release_genres rg on rg.release_id = c.release_id and rg.genre_id = c.genre_id
      where (rg.score, rg.upvotes, rg.downvotes) is distinct from (c.score, c.up, c.down)
      on conflict (release_id, genre_id) do update set
        score = excluded.score, upvotes = excluded.upvotes, downvotes = excluded.downvotes
      returning release_id || ':' || genre_id as id)
    select id from gone union all select id from upserted`,
};

/** The comments of visible accounts per thread of one comment target kind. */
const visibleComments = (entityType: number, ids?: readonly string[]) => `
        select c.entity_id, count(*)::int n from comments c
        join users cu on cu.id = c.user_id
        where c.entity_type = ${entityType} and cu.account_status not in (${HIDDEN_STATUSES_SQL})
          ${only('c.entity_id', ids)}
        group by c.entity_id`;

/** A review's comments (comment target kind 11), by visible accounts. */
export const reviewComments: CounterRecount = {
  counter: 'review comments',
  table: 'entries',
  sql: (ids) => `
    update entries e set comments_count = c.n
    from (
      select e2.id, coalesce(s.n, 0) n
      from entries e2
      left join (${visibleComments(11, ids)}) s on s.entity_id = e2.id
      where true ${only('e2.id', ids)}) c
    where c.id = e.id and e.comments_count is distinct from c.n
    returning e.id`,
};

/** A list's comments (comment target kind 12), by visible accounts. */
export const listComments: CounterRecount = {
  counter: 'list comments',
  table: 'lists',
  sql: (ids) => `
    update lists l set comments_count = c.n
    from (
      select l2.id, coalesce(s.n, 0) n
      from lists l2
      left join (${visibleComments(12, ids)}) s on s.entity_id = l2.id
      where true ${only('l2.id', ids)}) c
    where c.id = l.id and l.comments_count is distinct from c.n
    returning l.id`,
};

/** A list's items and likes (its comments are counted by listComments). */
export const listCounters: CounterRecount = {
  counter: 'list items and likes',
  table: 'lists',
  sql: (ids) => `
    update lists l set items_count = c.items, likes_count = c.likes
    from (
      select l2.id, coalesce(it.n, 0) items, coalesce(lk.n, 0) likes
      from lists l2
      left join (
        select list_id, count(*)::int n from list_items where true ${only('list_id', ids)}
        group by list_id) it on it.list_id = l2.id
      left join (
        select v.list_id, count(*)::int n from list_likes v ${visibleBy('v.user_id')}
        where true ${only('v.list_id', ids)} group by v.list_id) lk on lk.list_id = l2.id
      where true ${only('l2.id', ids)}) c
    where c.id = l.id and (l.items_count, l.likes_count) is distinct from (c.items, c.likes)
    returning l.id`,
};

/**
 * A submission's comments (comment target kinds 50-53, one per kind of
 * submission), by visible accounts.
 */
export const submissionComments: CounterRecount = {
  counter: 'submission comments',
  table: 'submissions',
  sql: (ids) => `
    update submissions s set comments_count = c.n
    from (
      select s2.id, coalesce(k.n, 0) n
      from submissions s2
      left join (
        select c.entity_type, c.entity_id, count(*)::int n from comments c
        join users cu on cu.id = c.user_id
        where c.entity_type in (50, 51, 52, 53)
          and cu.account_status not in (${HIDDEN_STATUSES_SQL})
          ${only('c.entity_id', ids)}
        group by c.entity_type, c.entity_id) k
        on k.entity_id = s2.id and k.entity_type = case s2.kind
          when 'artist' then 50 when 'release' then 51 when 'label' then 52 else 53 end
      where true ${only('s2.id', ids)}) c
    where c.id = s.id and s.comments_count is distinct from c.n
    returning s.id`,
};

/**
 * How many releases credit an artist or a label, or carry a genre (scored
 * above 0): all of them, hidden releases included (what search ranks them
 * by), and those whose release is visible (their release lists' lengths).
 * Triggers on the link tables keep them (the credit counts migrations);
 * these recounts are for loads with triggers off, and for the consistency
 * check.
 */
const releasesCounted = (
  table: 'artists' | 'labels' | 'genres',
  link: string,
  column: string,
  counts = 'true',
): CounterRecount => ({
  counter: `${table.slice(0, -1)} releases`,
  table,
  sql: (ids) => `
    update ${table} t set releases_count = c.n, visible_releases_count = c.v
    from (
      select t2.id, coalesce(k.n, 0) n, coalesce(k.v, 0) v
      from ${table} t2
      left join (
        select x.${column} id, count(*)::int n,
          (count(*) filter (where not r.pending_deletion and r.merged_into_id is null))::int v
        from ${link} x join releases r on r.id = x.release_id
        where ${counts} ${only(`x.${column}`, ids)} group by x.${column}) k on k.id = t2.id
      where true ${only('t2.id', ids)}) c
    where c.id = t.id
      and (t.releases_count, t.visible_releases_count) is distinct from (c.n, c.v)
    returning t.id`,
});

/** A submission's up and down votes by visible accounts, as other vote counters. */
const submissionVoteCounts: CounterRecount = {
  counter: 'submission votes',
  table: 'submissions',
  sql: upDownVotes('submissions', 'submission_votes', 'submission_id', visibleBy('v.user_id')),
};

/** Every counter, in an order where none reads another. */
export const COUNTER_RECOUNTS: readonly CounterRecount[] = [
  releaseStats,
  siteCounts,
  sitePublishedLists,
  reviewDays,
  trackVotes,
  entryVotes,
  userCounters,
  genreScores,
  listCounters,
  reviewComments,
  listComments,
  submissionComments,
  submissionVoteCounts,
  // After genre scores, which the genres' counts read.
  releasesCounted('artists', 'release_artists', 'artist_id'),
  releasesCounted('labels', 'release_labels', 'label_id'),
  releasesCounted('genres', 'release_genres', 'genre_id', 'x.score > 0'),
  // After genre scores too: the entries' copies of their release's genres follow them.
  userCreditCounts,
];
