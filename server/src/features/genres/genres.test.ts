import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genreParents } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createGenre } from '../../../test/catalogue-factories';
import { capturingStatements } from '../../../test/plans';
import { wouldCreateCycle } from './hierarchy';

describe('genres: GET /api/genres/:id and the hierarchy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/genres/${id}` });

  it('returns a genre with its parents and sub-genres by name', async () => {
    const rock = await createGenre(t.db, { name: 'Rock' });
    const electronic = await createGenre(t.db, { name: 'Electronic' });
    const synth = await createGenre(t.db, { name: 'Synth-pop', parents: [electronic] });
    const merged = await createGenre(t.db, { name: 'Art Rock', mergedIntoId: rock.id });
    const postPunk = await createGenre(t.db, {
      name: 'Post-Punk',
      bio: 'Rock after punk.',
      parents: [rock, synth, merged],
    });
    const darkwave = await createGenre(t.db, { name: 'Darkwave', parents: [postPunk] });
    const coldwave = await createGenre(t.db, { name: 'Coldwave', parents: [postPunk] });
    await createGenre(t.db, { name: 'Hidden Wave', parents: [postPunk], pendingDeletion: true });

    let res!: Awaited<ReturnType<typeof get>>;
    const statements = await capturingStatements(t, async () => {
      res = await get(postPunk.id);
    });
    // The genre and its links are one statement.
    expect(statements).toHaveLength(1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: postPunk.id,
      name: 'Post-Punk',
      bio: 'Rock after punk.',
      parents: [
        { id: rock.id, name: 'Rock' },
        { id: synth.id, name: 'Synth-pop' },
      ],
      children: [
        { id: coldwave.id, name: 'Coldwave' },
        { id: darkwave.id, name: 'Darkwave' },
      ],
    });
  });

  it('answers 404 for unknown and hidden genres', async () => {
    const hidden = await createGenre(t.db, { pendingDeletion: true });
    for (const id of ['nope', hidden.id]) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Genre not found');
    }
  });

  it('tells whether new parents would make a genre its own ancestor', async () => {
    const rock = await createGenre(t.db);
    const postPunk = await createGenre(t.db, { parents: [rock] });
    const darkwave = await createGenre(t.db, { parents: [postPunk] });
    const jazz = await createGenre(t.db);

    expect(await wouldCreateCycle(t.db, rock.id, [darkwave.id])).toBe(true);
    expect(await wouldCreateCycle(t.db, rock.id, [jazz.id, postPunk.id])).toBe(true);
    expect(await wouldCreateCycle(t.db, rock.id, [rock.id])).toBe(true);
    // An ancestor again, or an unrelated genre, is no cycle.
    expect(await wouldCreateCycle(t.db, darkwave.id, [rock.id, jazz.id])).toBe(false);
    expect(await wouldCreateCycle(t.db, jazz.id, [darkwave.id])).toBe(false);
    expect(await wouldCreateCycle(t.db, rock.id, [])).toBe(false);
    // A genre being created has no descendants yet.
    expect(await wouldCreateCycle(t.db, 'not-yet', [rock.id])).toBe(false);
  });

  it('still answers on data that already holds a cycle', async () => {
    const a = await createGenre(t.db);
    const b = await createGenre(t.db, { parents: [a] });
    await t.db.insert(genreParents).values({ genreId: a.id, parentId: b.id });
    const c = await createGenre(t.db);
    expect(await wouldCreateCycle(t.db, a.id, [c.id])).toBe(false);
    expect(await wouldCreateCycle(t.db, a.id, [b.id])).toBe(true);
  });
});
