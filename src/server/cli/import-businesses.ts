import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openSeededDatabase } from '../seed/seed.js';
import { storeBusinesses } from '../features/businesses/directory-store.js';
import { IMPORT_COLUMNS, parseDirectoryCsv } from '../features/businesses/import-csv.js';

/**
 * `npm run import:businesses -- directory.csv [--dry-run]`: a directory the agency owns into the
 * `directory` provider. Shows a preview and every bad row; stores nothing with --dry-run.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false } },
});
const file = positionals[0];
if (!file || !fs.existsSync(file)) {
  console.error(
    `usage: npm run import:businesses -- file.csv [--dry-run]\ncolumns: ${IMPORT_COLUMNS.join(', ')} (name, category, lat, lng required)`,
  );
  process.exit(2);
}
const { rows, errors } = parseDirectoryCsv(fs.readFileSync(file, 'utf8'));
for (const row of rows.slice(0, 5))
  console.log(
    `  ${row.name} — ${row.category} — ${row.address ?? 'no address'} (${row.lat}, ${row.lng})`,
  );
if (rows.length > 5) console.log(`  … and ${rows.length - 5} more`);
for (const error of errors) console.error(`line ${error.row}: ${error.message}`);
console.log(`${rows.length} good rows, ${errors.length} with problems.`);
if (values['dry-run'] || rows.length === 0) process.exit(errors.length > 0 ? 1 : 0);

const database = await openSeededDatabase(loadConfig());
try {
  console.log(`Stored ${await storeBusinesses(database.db, rows, 'import')} businesses.`);
} finally {
  await database.close();
}
