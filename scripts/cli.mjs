// `npm run backup` / `npm run restore`: the sources through tsx where it is installed (a checkout),
// else the bundle the build made (a release installed with `npm ci --omit=dev` has no tsx).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const COMMANDS = ['backup', 'restore'];
const root = path.resolve(import.meta.dirname, '..');
const [command, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command)) {
  console.error(`usage: node scripts/cli.mjs ${COMMANDS.join('|')} [arguments]`);
  process.exit(2);
}
const source = path.join(root, 'src/server/cli', `${command}.ts`);
const bundle = path.join(root, 'dist/server', `${command}.js`);
const tsx = path.join(root, 'node_modules/tsx');
const argv =
  fs.existsSync(tsx) && fs.existsSync(source)
    ? ['--import', 'tsx', source, ...args]
    : fs.existsSync(bundle)
      ? [bundle, ...args]
      : null;
if (!argv) {
  console.error(`No ${bundle}: run npm run build first.`);
  process.exit(1);
}
const { status, signal } = spawnSync(process.execPath, argv, { stdio: 'inherit' });
process.exit(status ?? (signal ? 1 : 0));
