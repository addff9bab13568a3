import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { serverEnv, spawnServer, waitFor } from '/work/main/bench/lib.ts';

const port = 4701;
const origin = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'diag-'));
const server = spawnServer(['/work/main/dist/server/main.js'], { env: serverEnv(port, dataDir, { LOG_LEVEL: 'warn', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }), stdio: 'ignore' });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  await waitFor(`${origin}/readyz`, 60_000, server);
  for (const form of (process.env.FORMS ?? 'desktop,mobile').split(',')) {
    const result = await lighthouse(`${origin}${process.env.PAGE ?? '/'}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, form === 'desktop' ? desktopConfig : undefined);
    const lhr = result!.lhr;
    const a = (id: string) => lhr.audits[id];
    console.log(form, 'score', lhr.categories.performance!.score, 'FCP', a('first-contentful-paint')!.numericValue, 'LCP', a('largest-contentful-paint')!.numericValue, 'TBT', a('total-blocking-time')!.numericValue, 'CLS', a('cumulative-layout-shift')!.numericValue);
    console.log('layout-shifts', JSON.stringify((a('layout-shifts')?.details as any)?.items?.map((i: any) => ({ score: i.score, node: i.node?.snippet?.slice(0, 160), sel: i.node?.selector, causes: i.subItems?.items?.map((s: any) => s.extra?.value ?? s.cause) })), null, 1));
    console.log('long-tasks', JSON.stringify((a('long-tasks')?.details as any)?.items?.map((i: any) => [i.url?.slice(-40), Math.round(i.startTime), Math.round(i.duration)])));
    console.log('bootup', JSON.stringify((a('bootup-time')?.details as any)?.items?.map((i: any) => [i.url?.slice(-40), Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile)])));
    console.log('lcp-element', JSON.stringify((a('largest-contentful-paint-element')?.details as any)?.items?.[0]?.items?.[0]?.node?.snippet));
  }
} finally {
  await chrome.kill();
  server.kill();
}
