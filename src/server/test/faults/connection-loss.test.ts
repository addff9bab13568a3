import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inArray } from 'drizzle-orm';
import { businessRegistrations, payments } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../databases.js';
import {
  postJson,
  registrationBody,
  startServerChild,
  TEST_CARD,
  type ServerChild,
} from './child.js';

// pg_terminate_backend is PostgreSQL's: this runs only when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'a PostgreSQL connection that drops mid-request (real server process)',
  () => {
    let testDb: TestDatabase;
    let child: ServerChild | undefined;
    let admin: pg.Client;

    beforeEach(async () => {
      testDb = await createTestDatabase('postgres', { seed: false });
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterEach(async () => {
      await child?.kill();
      await admin?.end();
      await testDb?.cleanup();
    });

    it(
      'fails only the requests that held a killed connection (503), keeps every acknowledged write, and /readyz recovers alone',
      { timeout: 90_000 },
      async () => {
        child = await startServerChild(
          { url: testDb.url! },
          { app: { registrationRateLimit: 1_000_000, paymentRateLimit: 1_000_000 } },
        );
        const { base } = child;
        const plans = (await (await fetch(`${base}/api/subscription-plans`)).json()) as {
          id: number;
          name: string;
        }[];
        const planId = plans.find((p) => p.name === 'growing')!.id;
        const dbName = new URL(testDb.url!).pathname.slice(1);

        const answers: {
          route: string;
          status: number;
          message: unknown;
          retryAfter: string | null;
        }[] = [];
        const registered: string[] = [];
        const paid: string[] = [];
        let n = 0;
        let running = true;
        const note = (route: string, r: Awaited<ReturnType<typeof postJson>>) =>
          answers.push({
            route,
            status: r.status,
            message: r.json?.message,
            retryAfter: r.retryAfter,
          });

        async function customer() {
          while (running) {
            const reg = await postJson(base, '/api/business-registration', registrationBody(n++));
            note('register', reg);
            if (reg.status !== 201) continue;
            const registrationId = reg.json!.id as string;
            registered.push(registrationId);
            const intent = await postJson(base, '/api/create-payment-intent', {
              planId,
              registrationId,
            });
            note('intent', intent);
            if (intent.status !== 200) continue;
            const paying = await postJson(base, '/api/payments/test/confirm', {
              clientSecret: intent.json!.clientSecret,
              ...TEST_CARD,
            });
            note('confirm', paying);
            if (paying.status === 200 && paying.json!.status === 'succeeded')
              paid.push(intent.json!.paymentIntentId as string);
          }
        }
        let terminations = 0;
        // Kills for at least 3 s, and on until enough purchases went through to prove something
        // (a loaded machine is slower), 10 s at most.
        async function terminator() {
          const start = Date.now();
          const enough = () =>
            Date.now() - start > 3_000 && registered.length >= 10 && paid.length >= 3;
          while (!enough() && Date.now() - start < 10_000) {
            const result = await admin.query(
              'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
              [dbName],
            );
            terminations += result.rowCount ?? 0;
            await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 200));
          }
          running = false;
        }
        await Promise.all([terminator(), customer(), customer(), customer(), customer()]);

        const failure = `\nanswers: ${JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 201).slice(0, 10))}\nserver output:\n${child.output().slice(-3000)}`;
        expect(child.proc.exitCode, failure).toBeNull();
        expect(terminations).toBeGreaterThan(10);
        // The stream really ran through the faults: some requests succeeded and some were cut.
        expect(registered.length, failure).toBeGreaterThanOrEqual(10);
        expect(paid.length, failure).toBeGreaterThanOrEqual(3);
        expect(
          answers.some((a) => a.status === 503),
          failure,
        ).toBe(true);
        for (const answer of answers) {
          expect([200, 201, 503], failure).toContain(answer.status);
          if (answer.status === 503) {
            expect(answer.message).toBe(
              'The database is not answering right now. Please try again in a moment.',
            );
            expect(answer.retryAfter).toBe('5');
          }
        }

        // Ready again on its own, within a few seconds of the last termination.
        const start = Date.now();
        let ready = 0;
        while (Date.now() - start < 5_000 && ready !== 200) {
          ready = (await fetch(`${base}/readyz`)).status;
          if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(ready).toBe(200);

        // Every write the server acknowledged is there.
        const db = testDb.database.db;
        const rows = await db
          .select({ id: businessRegistrations.id })
          .from(businessRegistrations)
          .where(inArray(businessRegistrations.id, registered));
        expect(rows.length).toBe(registered.length);
        const ledger = await db
          .select({ id: payments.providerPaymentId })
          .from(payments)
          .where(inArray(payments.providerPaymentId, paid));
        expect(new Set(ledger.map((row) => row.id))).toEqual(new Set(paid));
      },
    );
  },
);
