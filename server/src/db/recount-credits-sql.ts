/**
 * The recount of user_credit_counts (see its schema): a user's entries on
 * visible releases by each artist, label and genre the entries' copies of
 * their release's ids name, by their release's year, by their rating's
 * bucket and by each of their tags (from their lists of them, which loads
 * rebuild before this runs). Plain SQL text, as every recount is
 * (recount-sql.ts). It reads the entries' copies, so loads with triggers off
 * run it again after rebuilding them (copies-sql.ts).
 */

import { only, type CounterRecount } from './recount-parts';

export const userCreditCounts: CounterRecount = {
  counter: 'user chart counts (artists, labels, genres, years, ratings, tags)',
  table: 'users',
  sql: (ids) => `
    with counted as (
      select e.user_id, k.kind, k.linked_id, count(*)::int entries, count(e.rating)::int rated,
        coalesce(sum(e.rating), 0)::int rating_sum
      from entries e
      cross join lateral entry_chart_keys(e.release_artist_ids, e.release_label_ids,
        e.release_genre_ids, e.release_date, e.rating, e.tag_list) k
      where release_counted(e.release_id) ${only('e.user_id', ids)}
      group by e.user_id, k.kind, k.linked_id),
    gone as (
      delete from user_credit_counts c
      where not exists (select 1 from counted n
          where n.user_id = c.user_id and n.kind = c.kind and n.linked_id = c.linked_id)
        ${only('c.user_id', ids)}
      returning c.user_id),
    set as (
      insert into user_credit_counts as c (user_id, kind, linked_id, entries, rated, rating_sum)
      select user_id, kind, linked_id, entries, rated, rating_sum from counted
      on conflict (user_id, kind, linked_id) do update set entries = excluded.entries,
        rated = excluded.rated, rating_sum = excluded.rating_sum
      where (c.entries, c.rated, c.rating_sum)
        is distinct from (excluded.entries, excluded.rated, excluded.rating_sum)
      returning c.user_id)
    select distinct user_id as id from (select user_id from gone
      union all select user_id from set) changed`,
};
