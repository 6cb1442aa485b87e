import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { recountCounters } from '../db/recount';

// Sets every stored counter to its recount, in one transaction, and says which were wrong.
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const changes = await database.db.transaction((tx) => recountCounters(tx));
  if (changes.length === 0) console.log('Every counter equals its recount.');
  for (const { counter, ids } of changes) {
    const shown = ids.slice(0, 10).join(', ');
    const more = ids.length > 10 ? ` and ${ids.length - 10} more` : '';
    console.log(`Fixed ${counter} on ${ids.length} row(s): ${shown}${more}`);
  }
} finally {
  await database.close();
}
