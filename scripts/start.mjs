// `npm start`: build when dist/ is missing or older than the sources, then run the server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');
const INPUTS = ['src', 'public', 'scripts/build.mjs', 'vite.config.ts', 'package-lock.json'];

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

const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(...INPUTS.map((p) => newestMtime(path.join(root, p))));
if (built < sources) {
  console.log(
    built
      ? 'start: sources changed since the last build; building…'
      : 'start: no build yet; building…',
  );
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
}
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'dist/server/main.js'));
