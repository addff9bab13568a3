import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | null | undefined;
}

/**
 * Cells a spreadsheet would run as a formula (CSV injection): = + - @, tab and carriage return
 * at the start. Papa's own pattern for `escapeFormulae: true` is /^[=+\-@\t\r].*$/, and as `.`
 * stops at a line break, a cell like "=HYPERLINK(…)\nmore" slipped through unescaped; this one
 * looks at the first character only. A matching cell gets a leading ' and is quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Excel reads a CSV without a byte order mark in the legacy code page, so "Café" arrives as
 * "CafÃ©"; with the BOM it reads UTF-8. Other spreadsheets and Papa.parse ignore it.
 */
export const UTF8_BOM = '\uFEFF';

/** RFC 4180 text (every record ends in CRLF; quotes doubled; commas and line breaks quoted), safe to open in a spreadsheet. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const table = [
    columns.map((c) => c.header),
    ...rows.map((row) => columns.map((c) => c.value(row) ?? '')),
  ];
  return `${UTF8_BOM}${Papa.unparse(table, { escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`;
}

/** Answers a CSV download named `{name}-YYYY-MM-DD.csv` (today, UTC); never cached (it holds client data). */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  csv: string,
  today = new Date(),
): FastifyReply {
  const filename = `${name}-${today.toISOString().slice(0, 10)}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
