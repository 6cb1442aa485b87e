import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { withDatabase } from './pg-url';

/** Migrates a template database once; every test file clones it with CREATE DATABASE … TEMPLATE. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const template = `${new URL(url).pathname.slice(1) || 'earmark'}_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
  await admin.query(`CREATE DATABASE "${template}"`);
  const database = openPostgres(withDatabase(url, template), { reads: 1, writes: 0 });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', { url, template });
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.end();
  };
}
