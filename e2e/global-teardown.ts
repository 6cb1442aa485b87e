import { ENV } from './support/env';
import { stopServer } from './support/server';

/** Stops the server that global setup started; a server started by hand is left running. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env[ENV.serverPid]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  await stopServer(pid);
  delete process.env[ENV.serverPid];
}
