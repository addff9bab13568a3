// npm run bench:website-check — 'Check all websites on this page' for one page of 10 results
// against fake sites on 127.0.0.1 with realistic answer times (120 ms to 2.5 s; one site that
// never answers, cut off by the fetch's 5 s limit), 4 checks at once as the browser runs them,
// through the service (robots.txt, page, http:// probe) onto PostgreSQL and PGlite.
import { performance } from 'node:perf_hooks';
import { eachWithLimit, WEBSITE_CHECKS_AT_ONCE } from '../src/contract/leads/website-checks.js';
import {
  createSafeFetcher,
  websiteAddressPolicy,
} from '../src/server/adapters/website/safe-fetch.js';
import { migrate } from '../src/server/db/migrate.js';
import { createWebsiteCheckService } from '../src/server/features/leads/website-check-service.js';
import { DATED_HOMEPAGE, startFakeSite, TIDY_HOMEPAGE } from '../src/server/test/fake-websites.js';
import { checkBudgets, onBothDatabases, quantile, type Budget } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 10_000);
const DELAYS = [120, 180, 250, 300, 400, 600, 800, 1200, 2500];
const HANGING_MS = 60_000;

const sites = await Promise.all([
  ...DELAYS.map((delayMs, i) =>
    startFakeSite({
      delayMs,
      html: i % 2 ? DATED_HOMEPAGE : TIDY_HOMEPAGE,
      ...(i === 3 ? { robots: 'User-agent: *\nDisallow: /' } : {}),
    }),
  ),
  startFakeSite({ delayMs: HANGING_MS }),
]);
const fetcher = createSafeFetcher({
  userAgent: 'Bench Agency (bench@example.com)',
  isAllowedAddress: websiteAddressPolicy(true),
});

const budgets: Budget[] = [];
await onBothDatabases(async (label, database) => {
  await migrate(database);
  const service = createWebsiteCheckService({
    db: database.db,
    fetcher,
    userAgent: 'Bench Agency (bench@example.com)',
  });
  console.log(
    `\n${label}: one page of ${sites.length} results, ${WEBSITE_CHECKS_AT_ONCE} at once, ${ROUNDS} rounds`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const each: number[] = [];
    const statuses: Record<string, number> = {};
    const started = performance.now();
    await eachWithLimit(sites, WEBSITE_CHECKS_AT_ONCE, async (site) => {
      const t = performance.now();
      const check = await service.run(
        { provider: 'directory', sourceId: `bench-${site.port}`, name: 'Bench', website: site.url },
        'bench',
      );
      each.push(performance.now() - t);
      statuses[check.status] = (statuses[check.status] ?? 0) + 1;
    });
    const total = performance.now() - started;
    budgets.push({
      what: `${label}, round ${round}, the page`,
      measured: total / 1000,
      must: '<=',
      limit: BUDGET_MS / 1000,
      unit: 's',
      digits: 2,
    });
    each.sort((a, b) => a - b);
    console.log(
      `  round ${round}: page ${(total / 1000).toFixed(2)} s (budget ${BUDGET_MS / 1000} s ${total <= BUDGET_MS ? 'met' : 'MISSED'}), ` +
        `per check p50 ${quantile(each, 0.5).toFixed(0)} ms, max ${each.at(-1)!.toFixed(0)} ms, ${JSON.stringify(statuses)}`,
    );
  }
});
await Promise.all(sites.map((site) => site.close()));
checkBudgets('website-check', `one page of ${sites.length} website checks`, budgets);
process.exit(); // with checkBudgets' exit code; the hanging site's socket would hold the loop
