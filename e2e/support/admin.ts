import { readFileSync } from 'node:fs';
import { ENV } from './env';
import type { Credentials } from './users';

/** What global setup passes as ADMIN_USERNAME / ADMIN_EMAIL. */
export const ADMIN = { username: 'earmark-admin', email: 'admin@earmark.test' } as const;

/**
 * The admin's credentials. The server makes the admin on its first start and
 * prints the random password once in its log; global setup keeps that log.
 */
export function adminCredentials(): Credentials & { username: string } {
  const logFile = process.env[ENV.serverLog];
  if (!logFile) {
    throw new Error('The admin password is known only when global setup started the server.');
  }
  const match = /Username: (\S+) Password: (\S+)/.exec(readFileSync(logFile, 'utf8'));
  if (!match?.[1] || !match[2]) {
    throw new Error(`No admin password found in ${logFile}.`);
  }
  return { username: match[1], email: ADMIN.email, password: match[2] };
}
