// npm run bench:web — (1) what the landing page '/' downloads before it can render: the entry
// script, its modulepreloaded chunks and the stylesheets named in the built HTML shell, in gzip
// bytes; (2) Lighthouse (the npm package, in Debian's Chromium) on '/', '/es', a checkout and the
// 404 page, mobile and desktop, RUNS runs each (median): score, FCP, LCP, TBT, CLS and JS bytes.
// BENCH_WEB_LIGHTHOUSE=0 skips (2); BENCH_WEB_RUNS sets the runs (5); CHROMIUM_PATH the browser.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const shellFile = path.join(root, 'dist/shell/index.html');
if (!fs.existsSync(shellFile)) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}
const html = fs.readFileSync(shellFile, 'utf8');
const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(root, 'dist/web', file)), { level: 9 }).length;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
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
console.log(`\ninitial JS for '/': ${kb(js)} gzip (budget <= 90 KB)`);
console.log(`initial CSS for '/': ${kb(css)} gzip (budget <= 20 KB)`);
console.log(`loaded later (lazy routes, idle toaster): ${lazy.join(', ')}`);
const JS_BUDGET_KB = 90;
if (js > JS_BUDGET_KB * 1024 || css > 20 * 1024) process.exitCode = 1;

if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') await lighthouseRuns();

/** The built server on a fresh embedded database, Lighthouse against it, the medians printed. */
async function lighthouseRuns() {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 5);
  const port = Number(process.env.BENCH_WEB_PORT ?? 4700);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await waitFor(`${origin}/readyz`);
    const pages = [
      ['/', '/'],
      ['/es', '/es'],
      ['checkout', '/checkout/growing'],
      ['404', '/no-such-page'],
    ];
    console.log(`\nLighthouse ${runs} runs each, median (Chromium ${chrome.port ? 'headless' : ''}):`);
    console.log('page       form     score   FCP ms   LCP ms   TBT ms   CLS     JS KB (transferred)');
    const results = [];
    for (const [name, pathname] of pages) {
      for (const form of ['mobile', 'desktop']) {
        const samples = [];
        for (let i = 0; i < runs; i++) {
          // The 404 page answers 404 on purpose: Lighthouse measures it anyway.
          const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ignoreStatusCode: true };
          const result = await lighthouse(`${origin}${pathname}`, flags, form === 'desktop' ? desktopConfig : undefined);
          const lhr = result.lhr;
          const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
          const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
          samples.push({
            score: Math.round((lhr.categories.performance.score ?? 0) * 100),
            fcp: audit('first-contentful-paint'),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
          });
        }
        const median = (key) => {
          const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
          return sorted[Math.floor(sorted.length / 2)];
        };
        const row = { name, form, score: median('score'), fcp: median('fcp'), lcp: median('lcp'), tbt: median('tbt'), cls: median('cls'), js: median('js') };
        results.push(row);
        console.log(
          `${name.padEnd(10)} ${form.padEnd(8)} ${String(row.score).padStart(5)} ${row.fcp.toFixed(0).padStart(8)} ${row.lcp.toFixed(0).padStart(8)} ${row.tbt
            .toFixed(0)
            .padStart(8)} ${row.cls.toFixed(3).padStart(7)} ${row.js.toFixed(1).padStart(9)}`,
        );
      }
    }
    const home = results.find((r) => r.name === '/' && r.form === 'mobile');
    const homeDesktop = results.find((r) => r.name === '/' && r.form === 'desktop');
    const ok = home.score === 100 && home.fcp <= 900 && home.lcp <= 1200 && home.tbt <= 50 && home.cls === 0 && homeDesktop.score === 100;
    console.log(`\nbudget on '/': mobile score 100, FCP <= 900 ms, LCP <= 1200 ms, TBT <= 50 ms, CLS 0; desktop 100 — ${ok ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}
