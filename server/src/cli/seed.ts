import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureAdmin } from '../db/seed/admin';
import { seedDemo } from '../db/seed/demo/index';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const admin = await ensureAdmin(database.db, config.admin);
if (admin)
  console.log(`Admin account created. Username: ${admin.username} Password: ${admin.password}`);
// Asked for explicitly, so it runs whatever SEED_DEMO says; it still skips a catalogue that has releases.
const seeded = await seedDemo(database.db, config.dataDir, console);
if (!seeded) console.log('The catalogue already has releases; demo data not added.');
await database.close();
console.log('Seed finished.');
