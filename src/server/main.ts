import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { runServer } from './start.js';

// The bundle lives in dist/server; the front end build beside it in dist/web and dist/shell.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const config = loadConfig();
runServer({
  config,
  web: {
    webDir: path.join(distDir, 'web'),
    shellFile: path.join(distDir, 'shell', 'index.html'),
    ssrEntry: path.join(distDir, 'ssr', 'entry-server.js'),
    // Shared by the instances (one DATA_DIR): each serves the assets of the others' versions.
    assetArchive: path.join(config.dataDir, 'assets'),
  },
});
