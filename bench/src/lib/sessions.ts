import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS } from '@earmark/common';
import { withClient } from './postgres';

export interface SignedIn {
  /** One `cookie` header value per user, most active first. */
  cookies: string[];
  /** The users of `cookies`, in the same order. */
  userIds: string[];
  /** Ends the sessions. */
  end(): Promise<void>;
}

/**
 * Sessions of the `n` most active confirmed users, written straight to the
 * database as sign-in stores them (the token's hash, a full lifetime, so no
 * request slides it), as cookies.
 */
export async function signIn(url: string, n = 1): Promise<SignedIn> {
  const tokens = Array.from({ length: n }, () => randomBytes(32).toString('base64url'));
  const ids = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  const made = await withClient(url, async (c) => {
    const { rows } = await c.query<{ id: string; user_id: string }>(
      `insert into sessions (id, user_id, expires_at)
       select s.id, u.id, now() + make_interval(secs => $3)
       from unnest($1::text[]) with ordinality s(id, n)
       join (select id, row_number() over (order by entries_count desc, id) as n
             from users where account_status = 20 order by entries_count desc, id limit $2) u
         on u.n = s.n
       returning id, user_id`,
      [ids, n, SESSION_TTL_MS / 1000],
    );
    return new Map(rows.map((r) => [r.id, r.user_id]));
  });
  const kept = tokens.map((t, i) => ({ t, user: made.get(ids[i]!) })).filter((x) => x.user);
  return {
    cookies: kept.map((x) => `earmark_session=${x.t}`),
    userIds: kept.map((x) => x.user!),
    end: () =>
      withClient(url, (c) => c.query('delete from sessions where id = any($1)', [ids])).then(),
  };
}
