import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A stand-in for MusicBrainz, the Cover Art Archive and Spotify on
 * 127.0.0.1, serving the recorded answers in autofill-fixtures/ (written by
 * hand after the services' documentation) and noting every request.
 */

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), 'autofill-fixtures');

export const MB = {
  multiDisc: '2ab1d3b4-5b1c-4d2a-9d27-0c1f6f3e6b11',
  compilation: '7c9e2b1a-1d4f-4e8b-b6a3-5f0d8c2e4a21',
  yearOnly: '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a731',
  nonLatin: '8b9c0d1e-2f3a-4b4c-95d6-e7f8a9b0c141',
  /** Answers 404. */
  unknown: '00000000-0000-4000-8000-000000000404',
  /** Answers 503, as MusicBrainz does when it is overloaded. */
  busy: '00000000-0000-4000-8000-000000000503',
  /** Answers after SLOW_MS. */
  slow: '00000000-0000-4000-8000-0000000000ff',
} as const;

export const SPOTIFY = {
  multiDisc: '4UjcMSiyv8QCiZ4O8gpzXS',
  compilation: '2noRn2Aes5aoNVsU6iWThc',
  unknown: '0000000000000000000404',
} as const;

export const SPOTIFY_CLIENT = { id: 'earmark-test', secret: 'test-secret' };
const SPOTIFY_TOKEN = 'test-access-token';
export const SLOW_MS = 1500;

const MB_FILES: Record<string, string> = {
  [MB.multiDisc]: 'multi-disc',
  [MB.compilation]: 'compilation',
  [MB.yearOnly]: 'year-only',
  [MB.nonLatin]: 'non-latin',
};

export interface SeenRequest {
  method: string;
  url: string;
  at: number;
  headers: http.IncomingHttpHeaders;
}

export interface FakeUpstream {
  base: string;
  requests: SeenRequest[];
  /** The requests whose path starts with the prefix. */
  seen(prefix: string): SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: SeenRequest[] = [];
  let base = '';
  const fixture = (name: string) =>
    fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('{BASE}', base);
  const json = (res: http.ServerResponse, status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({
      method: req.method ?? 'GET',
      url: req.url ?? '',
      at: Date.now(),
      headers: req.headers,
    });
    const mb = /^\/ws\/2\/release\/([^/]+)$/.exec(url.pathname);
    if (mb) {
      const id = mb[1]!;
      if (id === MB.busy)
        return json(res, 503, '{"error":"Your requests are exceeding the allowable rate limit."}');
      if (id === MB.slow) {
        setTimeout(() => json(res, 200, fixture('musicbrainz/year-only.json')), SLOW_MS);
        return;
      }
      const file = MB_FILES[id];
      if (!file) return json(res, 404, '{"error":"Not Found"}');
      return json(res, 200, fixture(`musicbrainz/${file}.json`));
    }
    if (req.method === 'POST' && url.pathname === '/api/token') {
      const basic = Buffer.from(`${SPOTIFY_CLIENT.id}:${SPOTIFY_CLIENT.secret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) {
        return json(res, 400, '{"error":"invalid_client"}');
      }
      return json(
        res,
        200,
        JSON.stringify({ access_token: SPOTIFY_TOKEN, token_type: 'Bearer', expires_in: 3600 }),
      );
    }
    const album = /^\/v1\/albums\/([^/]+)(\/tracks)?$/.exec(url.pathname);
    if (album) {
      if (req.headers.authorization !== `Bearer ${SPOTIFY_TOKEN}`) {
        return json(res, 401, '{"error":{"status":401,"message":"Invalid access token"}}');
      }
      const [, id, tracks] = album;
      if (id === SPOTIFY.multiDisc) {
        return json(
          res,
          200,
          fixture(tracks ? 'spotify/multi-disc-tracks-2.json' : 'spotify/multi-disc.json'),
        );
      }
      if (id === SPOTIFY.compilation && !tracks)
        return json(res, 200, fixture('spotify/compilation.json'));
      return json(res, 404, '{"error":{"status":404,"message":"Resource not found"}}');
    }
    json(res, 404, '{"error":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    seen: (prefix) => requests.filter((r) => r.url.startsWith(prefix)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The settings that point autofill at the fake. */
export function fakeUpstreamEnv(fake: FakeUpstream, spotify = true): Record<string, string> {
  return {
    MUSICBRAINZ_URL: fake.base,
    COVERART_URL: `${fake.base}/coverart`,
    SPOTIFY_API_URL: fake.base,
    SPOTIFY_ACCOUNTS_URL: fake.base,
    AUTOFILL_TIMEOUT_MS: '500',
    ...(spotify
      ? { SPOTIFY_CLIENT_ID: SPOTIFY_CLIENT.id, SPOTIFY_CLIENT_SECRET: SPOTIFY_CLIENT.secret }
      : {}),
  };
}
