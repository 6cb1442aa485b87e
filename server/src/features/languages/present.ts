import type { Language } from '@earmark/common';
import type { languages } from '../../db/schema/catalogue';

export type LanguageRow = typeof languages.$inferSelect;

export function toLanguage(row: LanguageRow): Language {
  return { id: row.id, iso6391: row.iso6391, name: row.name };
}
