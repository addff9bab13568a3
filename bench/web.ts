// npm run bench:web — (1) the gzip bytes '/' loads before it renders (entry script, its chunks,
// the shell's inline CSS); (2) Lighthouse on '/', '/es', a checkout and the 404 page, mobile and
// desktop, median of BENCH_WEB_RUNS runs, and a bare page as this machine's floor; (3) the main
// thread's CPU on '/' after the first paint, as a TBT at 4× CPU (steadier than Lighthouse's
// wall-clock on a busy machine). BENCH_WEB_LIGHTHOUSE=0 skips (2) and (3); CHROMIUM_PATH names
// the browser.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import TraceGatherer from 'lighthouse/core/gather/gatherers/trace.js';
import {
  checkBudgets,
  requireBuild,
  root,
  serverEntry,
  serverEnv,
  stopServer,
  waitFor,
} from './lib.js';

const JS_BUDGET_KB = 90;
const CSS_BUDGET_KB = 20;

requireBuild();
const html = fs.readFileSync(path.join(root, 'dist/shell/index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const gzipSize = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(root, 'dist/web', file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

let js = 0;
let css = 0;
for (const ref of new Set(refs)) {
  const size = gzipSize(ref);
  if (ref.endsWith('.js')) js += size;
  else css += size;
  console.log(`${ref.padEnd(40)} ${kb(size)}`);
}
const lazy = fs
  .readdirSync(path.join(root, 'dist/web/assets'))
  .filter((f) => f.endsWith('.js') && !refs.includes(`/assets/${f}`))
  .map((f) => `${f} ${kb(gzipSize(`/assets/${f}`))}`);
// The site's CSS is inline in the shell (scripts/build.mjs): its bytes come with the page.
for (const [, style = ''] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
  const size = zlib.gzipSync(style, { level: 9 }).length;
  css += size;
  console.log(`${'(inline <style> in the page)'.padEnd(40)} ${kb(size)}`);
}
console.log(`\nloaded later (lazy routes, idle toaster): ${lazy.join(', ')}`);
checkBudgets('web', "what '/' loads before it renders, gzip", [
  { what: "initial JS for '/'", measured: js / 1024, must: '<=', limit: JS_BUDGET_KB, unit: 'KB' },
  {
    what: "initial CSS for '/'",
    measured: css / 1024,
    must: '<=',
    limit: CSS_BUDGET_KB,
    unit: 'KB',
  },
]);

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
}

/** One Lighthouse run: its figures and the simulated long tasks (≥ 50 ms at 4×) of its TBT. */
type Run = Sample & { longTasks: string };

const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head>' +
  '<body><h1>A bare page</h1><p>One heading, one paragraph, no style and no script.</p></body></html>';

/** The middle value (the upper one of an even count); NaN for none. */
const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/**
 * The medians of the runs Lighthouse completed: a run on a busy machine now and then reports no
 * paint (its metrics NaN, its score 0); it is left out and said so, not sorted in with the others.
 */
function medians(all: Run[]): Sample {
  const samples = all.filter((s) => Number.isFinite(s.fcp) && Number.isFinite(s.tbt));
  if (samples.length < all.length)
    console.log(
      `  (${all.length - samples.length} of ${all.length} runs gave no metrics and are left out)`,
    );
  const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
  return {
    score: of('score'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    js: of('js'),
  };
}

function printRow(row: Sample & { name: string; form: string }): void {
  const cells = [
    row.score.toFixed(0).padStart(5),
    row.fcp.toFixed(0).padStart(8),
    row.lcp.toFixed(0).padStart(8),
    row.tbt.toFixed(0).padStart(8),
  ];
  console.log(
    `${row.name.padEnd(10)} ${row.form.padEnd(8)} ${cells.join(' ')} ${row.cls.toFixed(3).padStart(7)} ${row.js.toFixed(1).padStart(9)}`,
  );
}

let chromePort = 0;

/** One Lighthouse run (performance only) in the shared Chromium. */
async function measure(url: string, form: 'mobile' | 'desktop'): Promise<Run> {
  // The 404 page answers 404 on purpose: Lighthouse measures it anyway.
  const flags = {
    port: chromePort,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    ignoreStatusCode: true,
  };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    js:
      requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    longTasks: longTaskList(lhr.audits['long-tasks']?.details),
  };
}

/** 'what@start+duration' per simulated long task (the page's URL: its parse, layout, paint). */
function longTaskList(details: unknown): string {
  const items =
    (details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined)
      ?.items ?? [];
  return items
    .sort((a, b) => (a.startTime ?? 0) - (b.startTime ?? 0))
    .map((t) => {
      const url = t.url ?? '';
      const what = url.includes('/assets/')
        ? url.slice(url.lastIndexOf('/') + 1)
        : /^https?:/.test(url)
          ? 'document'
          : url || '?';
      return `${what}@${(t.startTime ?? 0).toFixed(0)}+${(t.duration ?? 0).toFixed(0)}`;
    })
    .join(' ');
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string } };
}

/**
 * '/' loaded `loads` times (fresh phone-sized context, no throttling), traced as Lighthouse does.
 * Prints the main thread's median longest task after the first paint, in thread CPU time, and
 * the median TBT at 4× CPU (Σ max(0, 4·t − 50 ms)).
 */
async function mainThreadAfterFirstPaint(origin: string, loads: number): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const longest: number[] = [];
  const blocking: number[] = [];
  let untraced = 0;
  try {
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
      });
      const page = await context.newPage();
      // Lighthouse's categories (no screenshots): recording costs the page too (stacks make V8
      // re-parse functions for line numbers).
      const categories = TraceGatherer.getDefaultTraceCategories().filter(
        (c) => !c.endsWith('.screenshot'),
      );
      await browser.startTracing(page, { categories });
      await page.goto(`${origin}/`);
      await page.waitForFunction(() =>
        document.querySelector('#register fieldset:not([disabled])'),
      );
      await page.waitForTimeout(1500);
      const events = (
        JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
      ).traceEvents;
      await context.close();
      const parse = events.find(
        (e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin),
      );
      const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse?.pid);
      // A trace without the page's paint (Lighthouse's NO_NAVSTART) is left out, and said so.
      if (!parse || !fcp) {
        untraced++;
        continue;
      }
      const tasks = events
        .filter(
          (e) =>
            e.name === 'RunTask' && e.pid === parse.pid && e.tid === parse.tid && e.ts >= fcp.ts,
        )
        .map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
      longest.push(Math.max(0, ...tasks));
      blocking.push(tasks.reduce((sum, t) => sum + Math.max(0, 4 * t - 50), 0));
    }
  } finally {
    await browser.close();
  }
  if (untraced)
    console.log(
      `\n  (${untraced} of ${loads} traces had no first contentful paint of the page and are left out)`,
    );
  console.log(
    `\n'/' main thread after the first paint (thread CPU time, ${loads - untraced} loads, median): longest task ${median(longest).toFixed(1)} ms; ` +
      `TBT at 4× CPU ${median(blocking).toFixed(0)} ms (each load: ${blocking.map((b) => b.toFixed(0)).join(', ')})`,
  );
}

const FIRST_FLIGHT_BYTES = 10 * 1460;

/** The bytes of a page's answer as a browser receives it (brotli): status line, headers, body. */
function answerBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join('')}\r\n`;
        let body = 0;
        res.on('data', (chunk: Buffer) => (body += chunk.length));
        res.on('end', () => resolve(Buffer.byteLength(head) + body));
      })
      .on('error', reject);
  });
}

/** The built server on a fresh embedded database, Lighthouse against it, the medians printed. */
async function lighthouseRuns(): Promise<void> {
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 5);
  const port = Number(process.env.BENCH_WEB_PORT ?? 4700);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  // Not pinned (unlike the load benchmarks' spawnServer): Chromium, started from this process,
  // would inherit a one-core affinity and Lighthouse would time a browser squeezed onto one core.
  const server = spawn(process.execPath, [serverEntry], {
    env: serverEnv(port, dataDir, { LOG_LEVEL: 'warn', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }),
    stdio: 'ignore',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  chromePort = chrome.port;
  try {
    await waitFor(`${origin}/readyz`, 60_000, server);
    // The first round trip of a new connection carries ~14.6 KB (10 TCP segments, as Lighthouse's
    // simulation has it): a page whose answer is bigger waits one round trip more for the rest.
    for (const pathname of ['/', '/es']) {
      const bytes = await answerBytes(`${origin}${pathname}`);
      console.log(
        `'${pathname}' answer on the wire (brotli, with headers): ${bytes} bytes (first round trip holds ${FIRST_FLIGHT_BYTES})`,
      );
    }
    const pages: [string, string][] = [
      ['/', '/'],
      ['/es', '/es'],
      ['checkout', '/checkout/growing'],
      ['404', '/no-such-page'],
    ];
    console.log(`\nLighthouse ${runs} runs each, median:`);
    console.log(
      'page       form     score   FCP ms   LCP ms   TBT ms   CLS     JS KB (transferred)',
    );
    const results: (Sample & { name: string; form: string })[] = [];
    let homeRuns: Run[] = [];
    for (const [name, pathname] of pages) {
      for (const form of ['mobile', 'desktop'] as const) {
        const samples: Run[] = [];
        for (let i = 0; i < runs; i++) samples.push(await measure(`${origin}${pathname}`, form));
        if (name === '/' && form === 'mobile') homeRuns = samples;
        const row = { name, form, ...medians(samples) };
        results.push(row);
        printRow(row);
      }
    }
    // The floor: a page with nothing to do, from a server beside the app's.
    const bare = http.createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE),
    );
    await new Promise<void>((resolve) => bare.listen(port + 1, '127.0.0.1', resolve));
    try {
      const samples: Run[] = [];
      for (let i = 0; i < runs; i++)
        samples.push(await measure(`http://127.0.0.1:${port + 1}/`, 'mobile'));
      const row = { name: 'bare page', form: 'mobile', ...medians(samples) };
      printRow(row);
    } finally {
      bare.close();
    }
    // '/' mobile's TBT run by run: each simulated long task (4× CPU) after the simulated FCP, less
    // 50 ms.
    console.log(
      `\n'/' mobile, each run: TBT (simulated FCP) and the simulated long tasks, what@start+duration ms:`,
    );
    for (const run of homeRuns)
      console.log(
        `  ${run.tbt.toFixed(0).padStart(4)} (FCP ${run.fcp.toFixed(0)}): ${run.longTasks || 'none'}`,
      );
    await mainThreadAfterFirstPaint(origin, runs * 2);
    const home = results.find((r) => r.name === '/' && r.form === 'mobile')!;
    const homeDesktop = results.find((r) => r.name === '/' && r.form === 'desktop')!;
    checkBudgets('web', `Lighthouse on '/', median of ${runs} runs`, [
      { what: 'mobile score', measured: home.score, must: '>=', limit: 100, unit: '', digits: 0 },
      { what: 'mobile FCP', measured: home.fcp, must: '<=', limit: 900, unit: 'ms', digits: 0 },
      { what: 'mobile LCP', measured: home.lcp, must: '<=', limit: 1200, unit: 'ms', digits: 0 },
      { what: 'mobile TBT', measured: home.tbt, must: '<=', limit: 50, unit: 'ms', digits: 0 },
      { what: 'mobile CLS', measured: home.cls, must: '<=', limit: 0, unit: '', digits: 3 },
      {
        what: 'desktop score',
        measured: homeDesktop.score,
        must: '>=',
        limit: 100,
        unit: '',
        digits: 0,
      },
    ]);
  } finally {
    chrome.kill();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Last: the helpers above are defined by now.
if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') await lighthouseRuns();
