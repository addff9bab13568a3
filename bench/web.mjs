// npm run bench:web — what the landing page '/' downloads before it can render: the entry script,
// its modulepreloaded chunks and the stylesheets named in the built HTML shell, in gzip bytes.
import fs from 'node:fs';
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
console.log(`\ninitial JS for '/': ${kb(js)} gzip (budget <= 100 KB)`);
console.log(`initial CSS for '/': ${kb(css)} gzip (budget <= 20 KB)`);
console.log(`loaded later (lazy routes, idle toaster): ${lazy.join(', ')}`);
if (js > 100 * 1024 || css > 20 * 1024) process.exitCode = 1;
