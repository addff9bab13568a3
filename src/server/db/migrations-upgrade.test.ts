import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// Every migration from scratch on PGlite, twice per test: about 10 s each on a busy machine.
const MIGRATING = 120_000;
import { openDatabase } from './client.js';
import { defaultMigrationsFolder, migrate } from './migrate.js';
import { applications, portfolioItems, uploads } from './schema.js';

/**
 * The committed migrations up to `last` (a tag such as 0014_…), as an upgrading server saw them;
 * `when` gives some migrations the journal time they had in that release.
 */
function migrationsUpTo(last: string, when: Record<string, number> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(defaultMigrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  for (const entry of journal.entries) entry.when = when[entry.tag] ?? entry.when;
  const end = journal.entries.findIndex((e) => e.tag === last);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('the migrations journal', () => {
  it('lists migrations in strictly increasing time, or drizzle skips the later ones on upgrade', () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(defaultMigrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string; when: number }[] };
    const out = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1]!.when);
    expect(out.map((e) => e.tag)).toEqual([]);
  });

  it(
    'brings a database of the 0012 release up to date: 0013 and 0014 were skipped before',
    async () => {
      const database = await openDatabase({ kind: 'pglite' });
      const dir = migrationsUpTo('0012_website_checks');
      try {
        await migrate(database, dir);
        await migrate(database);
        const { db } = database;
        await db.execute(sql`select card_exp_month, card_exp_year from payment_intents limit 1`);
        await db.execute(
          sql`select p.status, o.secret_text from payment_authentications p, outbox_messages o limit 1`,
        );
      } finally {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    MIGRATING,
  );
});

describe('migration 0015: saved logo addresses no longer name the site', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it(
    'turns PUBLIC_URL/uploads/<key> into /uploads/<key>, and leaves other addresses alone',
    async () => {
      const database = await openDatabase({ kind: 'pglite' });
      try {
        // The release with 0013 and 0014 had them at journal times before 0012's.
        const before = migrationsUpTo('0014_intent_card_expiry', {
          '0013_payment_authentications': 1795806440337,
          '0014_intent_card_expiry': 1795806759607,
        });
        dirs.push(before);
        await migrate(database, before);
        const { db } = database;
        const key = (n: number) => `app-logo/00000000-0000-4000-8000-00000000000${n}.webp`;
        await db.insert(uploads).values(
          [1, 2].map((n) => ({
            id: `00000000-0000-4000-8000-00000000000${n}`,
            purpose: 'app-logo' as const,
            objectKey: key(n),
            publicUrl:
              n === 1
                ? `https://old-domain.example/uploads/${key(n)}`
                : `https://bucket.example/${key(n)}`,
            status: 'stored' as const,
            tokenHash: `hash-${n}`,
            createdBy: 'someone',
            expiresAt: new Date(),
            storedAt: new Date(),
          })),
        );
        await db.insert(applications).values([
          {
            name: 'Moved',
            url: 'https://a.example',
            logoUrl: `https://old-domain.example/uploads/${key(1)}`,
          },
          { name: 'Bucket', url: 'https://b.example', logoUrl: `https://bucket.example/${key(2)}` },
          { name: 'Typed', url: 'https://c.example', logoUrl: 'https://c.example/logo.png' },
        ]);
        // In SQL: the schema's later columns (description_es, 0016) do not exist yet at 0014.
        await db.execute(
          sql`insert into portfolio_items (website_name, website_url, logo_url) values ('Site', 'https://site.example', ${`https://old-domain.example/uploads/${key(1)}`})`,
        );

        await migrate(database);

        const logoOf = async (name: string) =>
          (await db.select().from(applications).where(eq(applications.name, name)))[0]?.logoUrl;
        expect(await logoOf('Moved')).toBe(`/uploads/${key(1)}`);
        expect(await logoOf('Bucket')).toBe(`https://bucket.example/${key(2)}`);
        expect(await logoOf('Typed')).toBe('https://c.example/logo.png');
        expect((await db.select().from(portfolioItems))[0]?.logoUrl).toBe(`/uploads/${key(1)}`);
        expect((await db.select().from(uploads)).map((u) => u.publicUrl).sort()).toEqual([
          `/uploads/${key(1)}`,
          `https://bucket.example/${key(2)}`,
        ]);
      } finally {
        await database.close();
      }
    },
    MIGRATING,
  );
});
