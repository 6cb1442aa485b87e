import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, PagedEntries, PagedLists } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { capturingStatements } from '../../test/plans';
import { createRelease } from '../../test/catalogue-factories';
import { waitFor } from '../features/auth/test-support';
import { call, members, ok, type Member } from '../features/entries/test-support';
import { makeList } from '../features/lists/test-support';
import { hearReaderRows, probedFor, unannounced } from './reader-presence-test-support';

// The read cache off, so every page is made again and looks its reader's votes and likes up.
const env = { READ_CACHE_SECONDS: '0', READER_IDS_KEPT: '10000' };

const reviews = '/entries?withReview=true';
const lists = '/lists?sortBy=popular';

/** A page as `who` reads it, and the ids their votes (or likes) were looked up at. */
async function read<P>(t: TestApp, who: Member, path: string, marker: string) {
  let page!: P;
  const statements = await capturingStatements(t, async () => {
    page = await ok<P>(call(t, who, 'GET', path));
  });
  return { page, probed: probedFor(statements, who, marker, 'k.viewer') };
}

const votesOn = (page: PagedEntries) =>
  Object.fromEntries(page.entries.map((e) => [e.id, e.review?.myVote ?? null]));
const likesOn = (page: PagedLists) => Object.fromEntries(page.lists.map((l) => [l.id, l.liked]));

describe('which reviews readers voted on and which lists they liked, kept by each instance', () => {
  let t: TestApp;
  let voter: Member;
  let reader: Member;
  let reviewIds: string[];
  let listIds: string[];
  beforeAll(async () => {
    t = await buildTestApp({ env });
    const [reviewer, owner] = (await members(t, 2)) as [Member, Member];
    [voter, reader] = (await members(t, 2)) as [Member, Member];
    reviewIds = [];
    for (const review of ['Long and slow', 'Short and loud']) {
      const release = await createRelease(t.db);
      const entry = await ok<Entry>(
        call(t, reviewer, 'POST', '/entries', { releaseId: release.id, review }),
        201,
      );
      reviewIds.push(entry.id);
    }
    const release = await createRelease(t.db);
    listIds = [];
    for (const title of ['Loud', 'Quiet']) {
      listIds.push(await makeList(t, owner, { title }, { releases: [release], publish: true }));
    }
    await ok(call(t, voter, 'POST', `/entries/review/${reviewIds[0]}/votes`, { vote: -1 }));
    await ok(call(t, voter, 'POST', `/lists/${listIds[0]}/likes`));
  });
  afterAll(async () => t?.close());

  /** Reads `path` as `who` until their ids are kept (no announcement came while they were read). */
  const kept = (who: Member, path: string) =>
    waitFor(async () => {
      await ok(call(t, who, 'GET', path));
      return t.app.readerPresence!.keeps(who.user.id) || undefined;
    }, 2000);

  it('looks up only the reviews a reader voted on and the lists they liked', async () => {
    for (const [who, voted, liked] of [
      [voter, [reviewIds[0]], [listIds[0]]],
      [reader, [], []],
    ] as [Member, string[], string[]][]) {
      await kept(who, reviews);
      const { page, probed } = await read<PagedEntries>(t, who, reviews, 'review_votes');
      expect(probed).toEqual(voted);
      expect(votesOn(page)).toEqual({
        [reviewIds[0]!]: voted.length > 0 ? -1 : null,
        [reviewIds[1]!]: null,
      });
      const listsPage = await read<PagedLists>(t, who, lists, 'list_likes');
      expect(listsPage.probed).toEqual(liked);
      expect(likesOn(listsPage.page)).toEqual({
        [listIds[0]!]: liked.length > 0,
        [listIds[1]!]: false,
      });
    }
  });

  it('shows a reader’s new vote and like on their next page at once', async () => {
    const [newcomer] = (await members(t, 1)) as [Member];
    await kept(newcomer, reviews);
    await kept(newcomer, lists);
    await ok(call(t, newcomer, 'POST', `/entries/review/${reviewIds[1]}/votes`, { vote: 1 }));
    const page = await ok<PagedEntries>(call(t, newcomer, 'GET', reviews));
    expect(votesOn(page)[reviewIds[1]!]).toBe(1);
    await ok(call(t, newcomer, 'POST', `/lists/${listIds[1]}/likes`));
    const listsPage = await ok<PagedLists>(call(t, newcomer, 'GET', lists));
    expect(likesOn(listsPage)[listIds[1]!]).toBe(true);
  });

  it('reads a kept reader’s votes from memory, not from the database', async () => {
    const [quiet] = (await members(t, 1)) as [Member];
    await kept(quiet, reviews);
    // Unannounced (the trigger off), a vote written elsewhere stays unseen while kept.
    await unannounced(t, 'review_votes', 'review_votes_added_notify', () =>
      t.db.execute(sql`insert into review_votes (entry_id, user_id, vote)
        values (${reviewIds[1]}, ${quiet.user.id}, 1)`),
    );
    const myVote = async () =>
      votesOn(await ok<PagedEntries>(call(t, quiet, 'GET', reviews)))[reviewIds[1]!];
    expect(await myVote()).toBeNull();
    t.app.readerPresence!.dropUsers([quiet.user.id]);
    expect(await myVote()).toBe(1);
  });

  it('announces the users who vote or like for the first time, not a changed vote', async () => {
    const { heard, stop } = await hearReaderRows(t);
    try {
      const [fan] = (await members(t, 1)) as [Member];
      // Written as another instance would: only PostgreSQL's announcement tells this one.
      await t.db.execute(sql`insert into review_votes (entry_id, user_id, vote)
        values (${reviewIds[0]}, ${fan.user.id}, 1)`);
      await waitFor(() => (heard.includes(fan.user.id) ? true : undefined), 2000);
      heard.length = 0;
      await t.db.execute(sql`update review_votes set vote = -1
        where entry_id = ${reviewIds[0]} and user_id = ${fan.user.id}`);
      await t.db.execute(sql`insert into list_likes (list_id, user_id)
        values (${listIds[1]}, ${fan.user.id})`);
      await waitFor(() => (heard.length > 0 ? true : undefined), 2000);
      expect(heard).toEqual([fan.user.id]);
    } finally {
      await stop();
    }
  });
});
