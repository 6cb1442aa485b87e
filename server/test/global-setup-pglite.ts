import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client';

/** Migrates one embedded database and dumps it; every test file starts from a copy. */
export default async function setup(project: TestProject) {
  const database = await openPglite(undefined);
  await database.migrate();
  const client = (database as unknown as { client: { dumpDataDir(c?: 'none'): Promise<Blob> } })
    .client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-tpl-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { url: string; template: string };
  }
}
