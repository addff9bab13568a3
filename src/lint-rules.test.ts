import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Each import rule of eslint.config.js bites: a file that breaks it fails `npm run lint`. The
// texts are linted as if they were these real files, so the resolver sees the real tree.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const cases: { rule: string; file: string; code: string; expected: RegExp }[] = [
  {
    rule: 'web never imports server',
    file: 'src/web/lib/cn.ts',
    code: "export { buildApp } from '../../server/app.js';\n",
    expected: /no-restricted-paths: .*The web app must not import server code/,
  },
  {
    rule: 'server never imports web',
    file: 'src/server/http/host.ts',
    code: "export { cn } from '../../web/lib/cn';\n",
    expected: /no-restricted-paths: .*The server must not import web code/,
  },
  {
    rule: 'the contract imports neither side',
    file: 'src/contract/lib/money.ts',
    code: "export { cn } from '../../web/lib/cn';\n",
    expected: /no-restricted-paths: .*The contract is shared by web and server: it imports neither/,
  },
  {
    rule: 'the contract uses no framework',
    file: 'src/contract/lib/money.ts',
    code: "export { useState } from 'react';\n",
    expected: /no-restricted-imports: .*plain TypeScript and zod only/,
  },
  {
    rule: 'adapters know no feature',
    file: 'src/server/adapters/storage/types.ts',
    code: "export type { Plans } from '../../features/plans/service.js';\n",
    expected: /no-restricted-paths: .*Adapters hide an outside service and know no feature/,
  },
  {
    rule: 'db knows no feature',
    file: 'src/server/db/ids.ts',
    code: "export type { Plans } from '../features/plans/service.js';\n",
    expected: /no-restricted-paths: .*The database layer knows no feature/,
  },
  {
    rule: 'http knows no feature',
    file: 'src/server/http/host.ts',
    code: "export type { Plans } from '../features/plans/service.js';\n",
    expected: /no-restricted-paths: .*HTTP plumbing knows no feature/,
  },
  {
    rule: 'components know no feature',
    file: 'src/web/components/ui/badge.tsx',
    code: "export { usePlans } from '../../features/plans';\n",
    expected: /no-restricted-paths: .*Design-system components know no feature/,
  },
  {
    rule: 'features never import screens',
    file: 'src/web/features/plans/plan-features.tsx',
    code: "export { LandingPage } from '../../screens/landing/page';\n",
    expected: /no-restricted-paths: .*Features never import screens/,
  },
  {
    rule: 'a web feature reaches another through its entry',
    file: 'src/web/features/plans/plan-features.tsx',
    code: "export { usePortfolio } from '../portfolio/api';\n",
    expected: /no-restricted-imports: .*through its public entry/,
  },
  {
    rule: 'a screen reaches a feature through its entry',
    file: 'src/web/screens/not-found/page.tsx',
    code: "export { usePlans } from '../../features/plans/api';\n",
    expected: /no-restricted-imports: .*through its public entry/,
  },
  {
    rule: 'a server feature reaches another through its entry',
    file: 'src/server/features/portfolio/service.ts',
    code: "export type { Plans } from '../plans/service.js';\n",
    expected: /no-restricted-imports: .*through its public entry/,
  },
  {
    rule: 'app.ts takes a feature from its entry',
    file: 'src/server/app.ts',
    code: "export { planRoutes } from './features/plans/routes.js';\n",
    expected: /no-restricted-imports: .*through its public entry/,
  },
  {
    rule: 'no import cycles',
    file: 'src/web/features/plans/api.ts',
    code: "import { PlansSection } from './plans-section';\nexport const usePlans = () => PlansSection;\n",
    expected: /import-x\/no-cycle/,
  },
  {
    rule: 'the hooks rules',
    file: 'src/web/lib/cn.ts',
    code: "import { useState } from 'react';\nexport function f(a: boolean) { if (a) useState(0); }\n",
    expected: /react-hooks\/rules-of-hooks/,
  },
];

describe('the import rules of eslint.config.js', () => {
  // The first server file builds the type-aware project (15–20 s on a quiet 2-core machine).
  it.each(cases)(
    '$rule',
    async ({ file, code, expected }) => {
      const found = await ruleIds(file, code);
      expect(found.join('\n')).toMatch(expected);
    },
    120_000,
  );

  it('allows what the rules allow: public entries, admin entries, contract and lib', async () => {
    const found = await ruleIds(
      'src/web/screens/not-found/page.tsx',
      "export { usePlans } from '../../features/plans';\nexport { PlansCard } from '../../features/plans/admin';\nexport { formatAmount } from '../../../contract/lib/money';\nexport { cn } from '../../lib/cn';\n",
    );
    expect(found.filter((m) => !m.startsWith('@typescript-eslint/no-unused-vars'))).toEqual([]);
  });
});
