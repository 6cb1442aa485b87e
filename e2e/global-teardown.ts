import { ENV } from './support/env';
import type { FakeMusicBrainz } from './support/fake-musicbrainz';
import { stopServer } from './support/server';

/** Stops the server that global setup started; a server started by hand is left running. */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { earmarkFakeMusicBrainz?: FakeMusicBrainz };
  await holder.earmarkFakeMusicBrainz?.close();
  delete holder.earmarkFakeMusicBrainz;
  const pid = Number(process.env[ENV.serverPid]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  await stopServer(pid);
  delete process.env[ENV.serverPid];
}
