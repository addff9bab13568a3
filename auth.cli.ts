// Read by Better Auth's CLI only (`npx auth generate`), to write src/server/db/auth-schema.ts.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { authSchemaOptions } from './src/server/features/auth/options.js';

export const auth = betterAuth({
  ...authSchemaOptions,
  database: drizzleAdapter({}, { provider: 'pg' }),
});
