// `npm start`: build when dist/ is missing or older than the sources, then run the server in this
// process. The build is written aside and switched in at once (scripts/build.mjs); two starters at
// once build once (the second waits for the first's build and uses it). package.json runs this with
// `exec`, so that the shell npm starts is replaced by node and npm's SIGTERM reaches the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { buildIsStale } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');

if (buildIsStale(root)) {
  log(
    fs.existsSync(path.join(root, 'dist/.build-stamp'))
      ? 'start: sources changed since the last build; building…'
      : 'start: no build yet; building…',
  );
  const code = await runBuild();
  if (code !== 0) process.exit(code ?? 1);
}

// This build, by its real path: a build switched in later is not this server's (it keeps its own
// files), and the pid written into it keeps later builds from deleting it while this server runs.
const build = fs.realpathSync(path.join(root, 'dist'));
const pidFile = path.join(build, '.pids', String(process.pid));
try {
  fs.mkdirSync(path.dirname(pidFile), { recursive: true });
  fs.writeFileSync(pidFile, '');
  process.on('exit', () => fs.rmSync(pidFile, { force: true }));
} catch {
  // A read-only release: nothing builds there either.
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(build, 'server/main.js')).href);

/**
 * One log line as the server writes them (pino's JSON, its level numbers: 30 info, 40 warn), so
 * that everything `npm start` prints reads as JSON, the build's own output included.
 */
function log(msg, level = 30) {
  const line = { level, time: Date.now(), pid: process.pid, hostname: os.hostname(), msg };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The build in a child process; a SIGTERM or SIGINT meanwhile stops it and then this process. */
function runBuild() {
  const child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  readline.createInterface({ input: child.stdout }).on('line', (line) => log(line));
  readline.createInterface({ input: child.stderr }).on('line', (line) => log(line, 40));
  const forward = (signal) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      resolve(signal ? 1 : code);
    });
  });
}
