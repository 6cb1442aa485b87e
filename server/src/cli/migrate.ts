import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await database.close();
console.log(`Migrated the ${database.kind} database.`);
