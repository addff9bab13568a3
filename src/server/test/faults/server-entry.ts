// The fault tests' child process: the real start-up and shutdown (start.ts), with the test's
// options (high rate limits, short bounds) as JSON in argv, since no environment variable sets them.
import { loadConfig } from '../../config.js';
import { runServer, type ServerOptions } from '../../start.js';

const options = JSON.parse(process.argv[2] ?? '{}') as Omit<ServerOptions, 'config'>;
runServer({ ...options, config: loadConfig() });
