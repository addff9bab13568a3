// Production build: the front end (Vite), its server renderer (Vite SSR), precompressed assets, the server bundle (esbuild).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, transformSync } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

fs.rmSync(dist, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

// The server renderer of the public pages (src/web/entry-server.tsx): one bundle in dist/ssr.
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--ssr',
    'entry-server.tsx',
    '--outDir',
    '../../dist/ssr',
    '--logLevel',
    'warn',
  ],
  { cwd: root, stdio: 'inherit' },
);

// The HTML shell is a template the server fills in (site name, origin); it is not a static file.
fs.mkdirSync(path.join(dist, 'shell'), { recursive: true });
fs.writeFileSync(
  path.join(dist, 'shell/index.html'),
  firstPaintFirst(fs.readFileSync(path.join(dist, 'web/index.html'), 'utf8')),
);
fs.rmSync(path.join(dist, 'web/index.html'));

// Brotli and gzip copies of every compressible file, served as they are by @fastify/static.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
for (const file of fs.readdirSync(path.join(dist, 'web'), {
  recursive: true,
  withFileTypes: true,
})) {
  if (!file.isFile() || !COMPRESSIBLE.test(file.name)) continue;
  const full = path.join(file.parentPath, file.name);
  const data = fs.readFileSync(full);
  fs.writeFileSync(
    `${full}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
}

// Server: one ESM bundle per entry point; packages stay in node_modules.
await build({
  entryPoints: { main: path.join(root, 'src/server/main.ts') },
  outdir: path.join(dist, 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20', // the oldest Node in `engines`; 'node22.19' once Node 20 support goes
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(dist, 'server/migrations'), {
  recursive: true,
});
// The message catalogs the server reads (page shell, e-mails), beside the bundle as in the sources (src/server/locales.ts).
fs.cpSync(path.join(root, 'src/locales'), path.join(dist, 'locales'), { recursive: true });
fs.writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString());
console.log('build: dist/ is ready');

/**
 * The shell without its comments and the line breaks and indentation between its tags: every
 * byte of it comes with each page, and the first ~14.6 KB a server sends arrive in the first round
 * trip (docs/decisions/016); its inline script minified. Before the style sheet and the loader are put in.
 */
function compactShell(html) {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s*\n\s*</g, '><')
    .replace(
      /<script>([\s\S]*?)<\/script>/g,
      (_, code) => `<script>${minifyScript(code)}</script>`,
    );
}

/** A script the shell holds inline, minified for the browsers the build targets. */
function minifyScript(code) {
  return transformSync(code, { minify: true, target: 'es2017' }).code.trim();
}

/**
 * A page the server rendered is painted before anything else is asked for (docs/decisions/016):
 * the site's CSS (8 KB compressed) is put into the shell, so the first paint waits for no second
 * request, and the app's script is requested once that paint is done (src/web/loader.js), so
 * a phone on a slow network spends its first second on the page, not on 90 KB of JavaScript. The
 * admin area comes as an empty shell and asks for its script at once. The server's CSP allows
 * the inline style and the loader by their hashes (src/server/http/shell.ts).
 */
function firstPaintFirst(html) {
  let entry = null;
  const out = compactShell(html)
    .replace(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"[^>]*>/g, (_, file) => {
      const css = fs.readFileSync(path.join(dist, 'web/assets', file), 'utf8');
      if (/<\/style/i.test(css)) throw new Error(`build: ${file} cannot be put inline`);
      return `<style>${css}</style>`;
    })
    .replace(
      /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
      (_, src) => {
        entry = src;
        return '';
      },
    );
  if (!entry) throw new Error('build: no entry script in index.html');
  const loader = minifyScript(fs.readFileSync(path.join(root, 'src/web/loader.js'), 'utf8'));
  if (!loader.includes('__ENTRY__')) throw new Error('build: the loader names no __ENTRY__');
  // An inline module: it runs once the document is parsed (like the end of <body>), but never in the
  // parser's way, so the HTML before the first paint is parsed with no script in between.
  return out.replace(
    '</body>',
    () => `<script type="module">${loader.replace('__ENTRY__', entry)}</script>\n  </body>`,
  );
}
