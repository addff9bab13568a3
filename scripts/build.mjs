// Production build: the front end (Vite), its server renderer (Vite SSR), precompressed assets, the server bundle (esbuild).
//
// Each build is written aside, into a new directory .builds/<id>, and `dist` is then switched to it
// at once: `dist` is a symlink, replaced by renaming a fresh one over it. A server already running
// keeps reading its own build (Node resolves the real path of its main module), so rebuilding never
// pulls files from under it. One build at a time: a lock file (.builds/.lock, with the builder's pid)
// makes a second builder wait, and a lock whose process is gone is taken over. The three newest
// builds are kept, and older ones while a server started by `npm start` runs from them (its pid in
// the build's .pids/). `npm start` (scripts/start.mjs) builds through this file with --if-stale.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
/** What a build is made of: a build older than any of these is stale. */
const INPUTS = ['src', 'public', 'scripts/build.mjs', 'vite.config.ts'];
/** The packages: compared by content, since `npm prune --omit=dev` rewrites it unchanged. */
const LOCKFILE = 'package-lock.json';
/** Builds kept besides those a running server uses: the current one and two to go back to. */
const KEEP_BUILDS = 3;
const BUILDS = '.builds';
/** esbuild, loaded by `compile`. */
let esbuild;

/** True when `dist` is missing, older than a source or of other packages: `npm start` then builds. */
export function buildIsStale(dir = root) {
  const stampFile = path.join(dir, 'dist/.build-stamp');
  const built = fs.statSync(stampFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built < Math.max(...INPUTS.map((p) => newestMtime(path.join(dir, p))))) return true;
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8')).packages !== lockfileHash(dir);
  } catch {
    return true;
  }
}

function lockfileHash(dir) {
  const file = path.join(dir, LOCKFILE);
  return fs.existsSync(file)
    ? crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
    : null;
}

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Whether a process runs (EPERM: it does, as another user). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Runs `work` holding the build lock; waits while a live process holds it, takes over a dead one's. */
async function withBuildLock(work) {
  const lock = path.join(root, BUILDS, '.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder;
    try {
      holder = Number(fs.readFileSync(lock, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') continue; // released meanwhile
      throw error;
    }
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    // A live builder, or one that has just made the file and not yet written its pid: wait.
    if (holder ? holder !== process.pid && isAlive(holder) : age < 1000) {
      if (!told) console.log(`build: waiting for the build of process ${holder || '?'}…`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    // Its builder is gone. Moved aside in one rename, so that of two processes taking it over
    // only one does; the lock it moved is checked to be that dead builder's, not a new one.
    const aside = `${lock}.${process.pid}`;
    try {
      fs.renameSync(lock, aside);
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    if (Number(fs.readFileSync(aside, 'utf8')) === holder) {
      console.log(`build: taking over the lock of process ${holder || '?'}, which is gone`);
      fs.rmSync(aside);
    } else {
      fs.renameSync(aside, lock);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** `dist` → `.builds/<id>` (relative, so the checkout may move), replaced in one rename. */
function switchDist(buildDir) {
  const dist = path.join(root, 'dist');
  const stat = fs.lstatSync(dist, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    // A dist/ directory of an older layout: it becomes one of the kept builds.
    fs.renameSync(dist, path.join(root, BUILDS, `0-old-dist-${Date.now()}`));
  }
  const fresh = path.join(root, `.dist-${process.pid}.tmp`);
  fs.rmSync(fresh, { force: true });
  fs.symlinkSync(path.relative(root, buildDir), fresh);
  fs.renameSync(fresh, dist);
}

/** Deletes all but the newest builds, except those a live `npm start` runs from (their .pids/). */
function pruneBuilds(current) {
  const dir = path.join(root, BUILDS);
  const builds = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .reverse();
  const kept = new Set([path.basename(current), ...builds.slice(0, KEEP_BUILDS)]);
  for (const name of builds) {
    if (kept.has(name)) continue;
    const pids = path.join(dir, name, '.pids');
    if (fs.existsSync(pids) && fs.readdirSync(pids).some((pid) => isAlive(Number(pid)))) continue;
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Builds into a new directory and switches `dist` to it; with `ifStale`, only when still stale once the lock is held. */
export async function buildRelease({ ifStale = false } = {}) {
  return withBuildLock(async () => {
    // Another builder may have made it while this one waited.
    if (ifStale && !buildIsStale()) {
      console.log('build: dist/ was built meanwhile; using it');
      return null;
    }
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
    const out = path.join(root, BUILDS, id);
    fs.mkdirSync(out, { recursive: true });
    try {
      await compile(out);
    } catch (error) {
      fs.rmSync(out, { recursive: true, force: true });
      throw error;
    }
    switchDist(out);
    pruneBuilds(out);
    console.log(`build: dist/ is ready (${path.join(BUILDS, id)})`);
    return out;
  });
}

/** Everything a build is, written into `out` (a new directory). */
async function compile(out) {
  // A dev package: only a build loads it (`npm start` of a fresh build runs without dev packages).
  esbuild = await import('esbuild');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      path.join(out, 'web'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
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
      path.join(out, 'ssr'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );

  // The HTML shell is a template the server fills in (site name, origin); it is not a static file.
  fs.mkdirSync(path.join(out, 'shell'), { recursive: true });
  fs.writeFileSync(
    path.join(out, 'shell/index.html'),
    firstPaintFirst(out, fs.readFileSync(path.join(out, 'web/index.html'), 'utf8')),
  );
  fs.rmSync(path.join(out, 'web/index.html'));

  // Brotli and gzip copies of every compressible file, served as they are by @fastify/static.
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  for (const file of fs.readdirSync(path.join(out, 'web'), {
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
  await esbuild.build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      // `npm run backup` / `npm run restore` where tsx is not installed (scripts/cli.mjs).
      backup: path.join(root, 'src/server/cli/backup.ts'),
      restore: path.join(root, 'src/server/cli/restore.ts'),
    },
    outdir: path.join(out, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20', // the oldest Node in `engines`; 'node22.19' once Node 20 support goes
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'server/migrations'), {
    recursive: true,
  });
  // The message catalogs the server reads (page shell, e-mails), beside the bundle as in the sources (src/server/locales.ts).
  fs.cpSync(path.join(root, 'src/locales'), path.join(out, 'locales'), { recursive: true });
  fs.writeFileSync(
    path.join(out, '.build-stamp'),
    JSON.stringify({ builtAt: new Date().toISOString(), packages: lockfileHash(root) }),
  );
}

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
  return esbuild.transformSync(code, { minify: true, target: 'es2017' }).code.trim();
}

/**
 * A page the server rendered is painted before anything else is asked for (docs/decisions/016):
 * the site's CSS (8 KB compressed) is put into the shell, so the first paint waits for no second
 * request, and the app's script is requested once that paint is done (src/web/loader.js), so
 * a phone on a slow network spends its first second on the page, not on 90 KB of JavaScript. The
 * admin area comes as an empty shell and asks for its script at once. The server's CSP allows
 * the inline style and the loader by their hashes (src/server/http/shell.ts).
 */
function firstPaintFirst(out, html) {
  let entry = null;
  const shell = compactShell(html)
    .replace(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"[^>]*>/g, (_, file) => {
      const css = fs.readFileSync(path.join(out, 'web/assets', file), 'utf8');
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
  return shell.replace(
    '</body>',
    () => `<script type="module">${loader.replace('__ENTRY__', entry)}</script>\n  </body>`,
  );
}

// Run as a script (not imported by start.mjs); the real paths, as a release may be reached through a link.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildRelease({ ifStale: process.argv.includes('--if-stale') });
}
