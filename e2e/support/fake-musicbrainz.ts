import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A stand-in for MusicBrainz and the Cover Art Archive on 127.0.0.1: the
 * releases recorded under fixtures-data/musicbrainz/{mbid}.json, and the
 * avatar picture as every front cover. Global setup points the server under
 * test at it.
 */
export interface FakeMusicBrainz {
  url: string;
  close(): Promise<void>;
}

const MBID = /^[0-9a-f-]{36}$/;

export async function startFakeMusicBrainz(fixturesDir: string): Promise<FakeMusicBrainz> {
  const cover = readFileSync(path.join(fixturesDir, 'avatar.png'));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const release = /^\/ws\/2\/release\/([^/]+)$/.exec(url.pathname);
    const file =
      release?.[1] && MBID.test(release[1])
        ? path.join(fixturesDir, 'musicbrainz', `${release[1]}.json`)
        : null;
    if (file && existsSync(file)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(file));
      return;
    }
    if (/^\/coverart\/release\/[^/]+\/front$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
