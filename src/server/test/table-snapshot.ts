import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';

/**
 * Every table of the Drizzle schema (schema.ts and the auth tables it re-exports) and every row
 * of each as the database prints it, to check that requests left rows alone byte for byte
 * (src/server/http/fuzz.test.ts). A table added to the schema is covered without a list to update.
 */
export interface SchemaTable {
  name: string;
  /** The primary key's columns; empty for a table without one (its rows are then keyed by their text). */
  key: string[];
  columns: string[];
}

export function schemaTables(): SchemaTable[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
      return {
        name: config.name,
        key: composite ?? config.columns.filter((c) => c.primary).map((c) => c.name),
        columns: config.columns.map((c) => c.name),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The tables the database really has (migrations' own bookkeeping lives in another schema). */
export async function databaseTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (result as { rows: { name: string }[] }).rows
    .map((r) => r.name)
    .sort((a, b) => a.localeCompare(b));
}

/** Table → primary key (the value as text, or a JSON array of a composite key's values) → the row as JSON text. */
export type Snapshot = Map<string, Map<string, string>>;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function snapshotTables(db: Db, tables: SchemaTable[]): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const table of tables) {
    const columns = table.key.map((c) => `t.${quoted(c)}`);
    const key =
      columns.length === 0
        ? 'row_to_json(t)::text'
        : columns.length === 1
          ? `${columns[0]}::text`
          : `json_build_array(${columns.join(', ')})::text`;
    const order = columns.length === 0 ? '1' : columns.join(', ');
    const result = await db.execute(
      sql.raw(
        `select ${key} as key, row_to_json(t)::text as row from ${quoted(table.name)} t order by ${order}`,
      ),
    );
    snapshot.set(
      table.name,
      new Map((result as { rows: { key: string; row: string }[] }).rows.map((r) => [r.key, r.row])),
    );
  }
  return snapshot;
}
