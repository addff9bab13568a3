import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv, UTF8_BOM, type CsvColumn } from './csv.js';

interface Row {
  name: string;
  amount: number | null;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Amount', value: (r) => r.amount },
];
const cells = (csv: string) =>
  Papa.parse<string[]>(csv.slice(UTF8_BOM.length), { skipEmptyLines: true }).data;

describe('toCsv', () => {
  it('writes a BOM, a header row and one CRLF-terminated row per item', () => {
    const csv = toCsv(columns, [
      { name: 'Sunny Bakery', amount: 299 },
      { name: 'Café Ünal', amount: null },
    ]);
    expect(csv).toBe(`${UTF8_BOM}Name,Amount\r\nSunny Bakery,299\r\nCafé Ünal,\r\n`);
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(columns, [])).toBe(`${UTF8_BOM}Name,Amount\r\n`);
  });

  it('quotes commas, quotes and line breaks so the cell reads back unchanged', () => {
    const names = [
      'Smith, Jones',
      'The "Best" Shop',
      'Line one\nline two',
      'Carriage\r\nreturn',
      ' padded ',
    ];
    const csv = toCsv(
      columns,
      names.map((name) => ({ name, amount: 1 })),
    );
    expect(csv).toContain('"The ""Best"" Shop"');
    expect(
      cells(csv)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(names);
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    const dangerous = [
      '=HYPERLINK("http://x.example","click")',
      '+1',
      '-2',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '=1+1\nsecond line',
      '-1\r\n=2',
    ];
    const csv = toCsv(
      columns,
      dangerous.map((name) => ({ name, amount: 0 })),
    );
    const written = cells(csv)
      .slice(1)
      .map((r) => r[0]);
    expect(written).toEqual(dangerous.map((d) => `'${d}`));
  });

  it('leaves harmless text alone, including = + - @ after the first character', () => {
    const safe = ['a=b', 'Plus+', 'x-y', 'me@example.com', '1 + 1'];
    const csv = toCsv(
      columns,
      safe.map((name) => ({ name, amount: -5 })),
    );
    expect(cells(csv).slice(1)).toEqual(safe.map((s) => [s, '-5']));
  });
});
