import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openSeededDatabase } from '../seed/seed.js';
import { authSecret, createAuth } from '../features/auth/auth.js';
import { createOrResetEmployee } from '../features/auth/employees.js';

/** `npm run admin:create -- --email a@b.example --password '…' [--name N] [--role owner|staff]` */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'staff' },
  },
});
if (!values.email || !values.password || !['owner', 'staff'].includes(values.role)) {
  console.error(
    "usage: npm run admin:create -- --email someone@example.com --password '12+ characters' [--name 'Full Name'] [--role owner|staff]",
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openSeededDatabase(config);
try {
  const auth = createAuth({
    db: database.db,
    config,
    secret: await authSecret(database.db, config.authSecret),
  });
  const outcome = await createOrResetEmployee(auth, database.db, {
    email: values.email,
    password: values.password,
    role: values.role as 'owner' | 'staff',
    ...(values.name ? { name: values.name } : {}),
  });
  console.log(
    outcome === 'created'
      ? `Employee ${values.email} created.`
      : `Password of ${values.email} reset; their sessions were ended.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
