/**
 * What merging one release into another moves: entries (the target's entry
 * wins when a user has both, and takes what it lacks from the source's),
 * track votes and track comments matched by track position, the release's
 * comments, list items without duplicates, genre votes and credits. The
 * source keeps nothing that shows; it is then hidden by its merge mark.
 */
import { sql } from 'drizzle-orm';
import { CommentTargetKind, type ImpactLine } from '@earmark/common';
import type { CountedTable } from '../../db/recount';
import type { DbOrTx } from '../../db/client';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { deleteThread } from '../comments/service';
import { idList, idsOf, inOrder, line } from './merge-sql';

const { RELEASE, RELEASE_TRACK, REVIEW } = CommentTargetKind;

/** Source tracks paired with the target's track at the same position. */
const matchedTracks = (from: string, into: string) => sql`
  select st.id as source_id, tt.id as target_id from tracks st
  join tracks tt on tt.release_id = ${into} and tt."order" = st."order"
  where st.release_id = ${from}`;

/** The source's entries whose owner also has an entry on the target, with that entry. */
const sharedEntries = (from: string, into: string) => sql`
  select se.id as source_id, te.id as target_id, se.user_id from entries se
  join entries te on te.release_id = ${into} and te.user_id = se.user_id
  where se.release_id = ${from}`;

/** Credits (artists or labels) of the source the target lacks. */
const missingCredits = (
  table: 'release_artists' | 'release_labels',
  from: string,
  into: string,
) => {
  const [t, column] = [
    sql.raw(table),
    sql.raw(table === 'release_artists' ? 'artist_id' : 'label_id'),
  ];
  return sql`select s.${column} as id, s.position from ${t} s
    where s.release_id = ${from} and not exists (
      select 1 from ${t} x where x.release_id = ${into} and x.${column} = s.${column})`;
};

/** What merging release `from` into `into` would move, a line per kind of reference. */
export async function releaseMoves(db: DbOrTx, from: string, into: string): Promise<ImpactLine[]> {
  return inOrder([
    line(
      db,
      'entries',
      'Ratings and reviews (entries)',
      sql`
      select count(*) as n from entries where release_id = ${from}`,
    ),
    line(
      db,
      'sharedEntries',
      'Users with an entry on both (the target’s entry is kept)',
      sql`
      select count(*) as n from (${sharedEntries(from, into)}) s`,
    ),
    line(
      db,
      'listItems',
      'List items',
      sql`
      select count(*) as n from list_items li where li.release_id = ${from}
        and not exists (select 1 from list_items x where x.list_id = li.list_id and x.release_id = ${into})`,
    ),
    line(
      db,
      'listDuplicates',
      'Lists holding both (the source’s item is removed)',
      sql`
      select count(*) as n from list_items li where li.release_id = ${from}
        and exists (select 1 from list_items x where x.list_id = li.list_id and x.release_id = ${into})`,
    ),
    line(
      db,
      'comments',
      'Comments on the release and its tracks',
      sql`
      select count(*) as n from comments c where (c.entity_type = ${RELEASE} and c.entity_id = ${from})
        or (c.entity_type = ${RELEASE_TRACK} and c.entity_id in (select source_id from (${matchedTracks(from, into)}) m))`,
    ),
    line(
      db,
      'trackVotes',
      'Track votes (matched by track position)',
      sql`
      select count(*) as n from track_votes tv
      join (${matchedTracks(from, into)}) m on m.source_id = tv.track_id
      join entries se on se.id = tv.entry_id
      left join entries te on te.release_id = ${into} and te.user_id = se.user_id
      where not exists (select 1 from track_votes x where x.entry_id = te.id and x.track_id = m.target_id)`,
    ),
    line(
      db,
      'genreVotes',
      'Genre votes',
      sql`
      select count(*) as n from release_genre_votes v where v.release_id = ${from}
        and not exists (select 1 from release_genre_votes x where x.release_id = ${into}
          and x.genre_id = v.genre_id and x.user_id = v.user_id)`,
    ),
    line(
      db,
      'artists',
      'Artist credits',
      sql`
      select count(*) as n from (${missingCredits('release_artists', from, into)}) c`,
    ),
    line(
      db,
      'labels',
      'Label credits',
      sql`
      select count(*) as n from (${missingCredits('release_labels', from, into)}) c`,
    ),
  ]);
}

/** Moves every reference of release `from` to `into`; answers the rows whose counters to recount. */
export async function moveRelease(
  uow: UnitOfWork,
  from: string,
  into: string,
): Promise<Partial<Record<CountedTable, string[]>>> {
  const { tx } = uow;
  const users = await idsOf(tx, sql`select user_id as id from entries where release_id = ${from}`);
  const lists = await idsOf(
    tx,
    sql`select list_id as id from list_items where release_id = ${from}`,
  );
  const tracks = await idsOf(tx, sql`select id from tracks where release_id in (${from}, ${into})`);

  // Track votes follow their entry to the target's track at the same position; a vote the
  // target entry already has on that track wins, and votes on unmatched tracks go.
  await tx.execute(sql`
    insert into track_votes (entry_id, track_id, vote, created_at)
    select coalesce(te.id, se.id), m.target_id, tv.vote, tv.created_at from track_votes tv
    join (${matchedTracks(from, into)}) m on m.source_id = tv.track_id
    join entries se on se.id = tv.entry_id
    left join entries te on te.release_id = ${into} and te.user_id = se.user_id
    on conflict do nothing`);
  await tx.execute(sql`
    delete from track_votes where track_id in (select id from tracks where release_id = ${from})`);
  await tx.execute(sql`
    update comments c set entity_id = m.target_id from (${matchedTracks(from, into)}) m
    where c.entity_type = ${RELEASE_TRACK} and c.entity_id = m.source_id`);
  await tx.execute(sql`
    update comments set entity_id = ${into} where entity_type = ${RELEASE} and entity_id = ${from}`);

  // A user with both entries keeps the target's; it takes the source's rating, and review
  // (with its votes and comments), only where it has none, and the source's tags too.
  const shared = sharedEntries(from, into);
  await tx.execute(sql`
    update entries te set rating = se.rating, rating_updated_at = se.rating_updated_at
    from entries se, (${shared}) s
    where se.id = s.source_id and te.id = s.target_id and te.rating is null and se.rating is not null`);
  const reviewMoves = sql`
    select s.source_id, s.target_id from (${shared}) s
    join entries se on se.id = s.source_id join entries te on te.id = s.target_id
    where te.review is null and se.review is not null`;
  await tx.execute(sql`
    insert into review_votes (entry_id, user_id, vote, created_at, updated_at)
    select r.target_id, rv.user_id, rv.vote, rv.created_at, rv.updated_at
    from review_votes rv join (${reviewMoves}) r on r.source_id = rv.entry_id
    on conflict do nothing`);
  await tx.execute(sql`
    update comments c set entity_id = r.target_id from (${reviewMoves}) r
    where c.entity_type = ${REVIEW} and c.entity_id = r.source_id`);
  await tx.execute(sql`
    update entries te set review = se.review, review_created_at = se.review_created_at,
      review_updated_at = se.review_updated_at
    from entries se, (${shared}) s
    where se.id = s.source_id and te.id = s.target_id and te.review is null and se.review is not null`);
  await tx.execute(sql`
    insert into entry_tags (entry_id, tag_id)
    select s.target_id, et.tag_id from entry_tags et join (${shared}) s on s.source_id = et.entry_id
    on conflict do nothing`);
  const dropped = await idsOf(
    tx,
    sql`
    delete from entries e using (${shared}) s where e.id = s.source_id returning e.id`,
  );
  for (const entryId of dropped) await deleteThread(uow, REVIEW, entryId);
  await tx.execute(sql`update entries set release_id = ${into} where release_id = ${from}`);

  // List items: a list holding both keeps the target's item and closes the gap.
  const doubled = await idsOf(
    tx,
    sql`
    delete from list_items li where li.release_id = ${from} and exists (
      select 1 from list_items x where x.list_id = li.list_id and x.release_id = ${into})
    returning li.list_id as id`,
  );
  await tx.execute(sql`update list_items set release_id = ${into} where release_id = ${from}`);
  if (doubled.length > 0) {
    await tx.execute(sql`
      update list_items li set position = (r.n - 1)::int from (
        select id, row_number() over (partition by list_id order by position, id) n
        from list_items where list_id in (${idList(doubled)})) r
      where li.id = r.id and li.position <> r.n - 1`);
    await tx.execute(sql`
      update lists set updated_at = now()
      where id in (${idList(doubled)})`);
  }

  // Genre votes: a user's vote on the target for the same genre wins.
  await tx.execute(sql`
    update release_genre_votes v set release_id = ${into} where v.release_id = ${from}
      and not exists (select 1 from release_genre_votes x where x.release_id = ${into}
        and x.genre_id = v.genre_id and x.user_id = v.user_id)`);
  await tx.execute(sql`delete from release_genre_votes where release_id = ${from}`);

  // Credits the target lacks are appended after its own, in the source's order.
  for (const table of ['release_artists', 'release_labels'] as const) {
    const column = sql.raw(table === 'release_artists' ? 'artist_id' : 'label_id');
    await tx.execute(sql`
      insert into ${sql.raw(table)} (release_id, ${column}, position)
      select ${into}, c.id, (select coalesce(max(position), -1) from ${sql.raw(table)}
        where release_id = ${into}) + row_number() over (order by c.position)
      from (${missingCredits(table, from, into)}) c`);
  }

  const targetEntries = await idsOf(tx, sql`select id from entries where release_id = ${into}`);
  return {
    releases: [from, into],
    release_genres: [from, into],
    tracks,
    entries: targetEntries,
    users,
    lists,
  };
}
