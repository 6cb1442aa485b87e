import { asc } from 'drizzle-orm';
import type { Language } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { languages } from '../../db/schema/catalogue';
import { toLanguage } from './present';

/** Every language, by name (a few hundred rows; the client caches them). */
export async function listLanguages(db: DbOrTx): Promise<Language[]> {
  const rows = await db.select().from(languages).orderBy(asc(languages.name), asc(languages.id));
  return rows.map(toLanguage);
}
