import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';

// The bundle lives in dist/server; the front end build beside it in dist/web and dist/shell.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A refused configuration is one JSON log line naming the variables, then exit 1 (no stack trace). */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    pino().fatal(
      { variables: error.variables, problems: error.problems },
      `The server did not start: fix ${error.problems.join('; ')}`,
    );
    process.exit(1);
  }
}

const config = configOrExit();
// Loaded once the configuration holds: a refusal does not wait for the whole app to load.
const { runServer } = await import('./start.js');
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
