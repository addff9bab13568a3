import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCodeOnPublicPages, adminOnlyPaths, type ChunkInfo } from './public-css';

const web = path.resolve(import.meta.dirname, '../web');
const src = (file: string) => path.join(web, file);
const chunk = (
  fileName: string,
  moduleIds: string[],
  more: Partial<ChunkInfo> = {},
): ChunkInfo => ({
  fileName,
  isEntry: false,
  facadeModuleId: moduleIds[0] ?? null,
  moduleIds,
  imports: [],
  dynamicImports: [],
  ...more,
});

describe('the public style sheet leaves out only code the public pages never load', () => {
  const adminOnly = adminOnlyPaths(
    "@source not './screens/admin';\n@source not './features/leads';\n@source not './components/ui/data-table.tsx';\n",
  );

  it("reads the folders and files index.css leaves out, the data table among them (its rules are admin.css's)", () => {
    expect(adminOnly).toEqual([
      src('screens/admin'),
      src('features/leads'),
      src('components/ui/data-table.tsx'),
    ]);
    const real = adminOnlyPaths(fs.readFileSync(src('index.css'), 'utf8'));
    expect(real).toContain(src('screens/settings'));
    expect(real).toContain(src('components/ui/data-table.tsx'));
    expect(() => adminOnlyPaths("@import 'tailwindcss';")).toThrow(/leaves nothing out/);
  });

  it('passes a bundle whose admin code is reached only through the admin pages', () => {
    const chunks = [
      chunk('index.js', [src('main.tsx'), src('app.tsx'), src('screens/landing/page.tsx')], {
        isEntry: true,
        dynamicImports: ['admin.js', 'checkout.js'],
      }),
      chunk('checkout.js', [src('screens/checkout/page.tsx')], {
        imports: ['shared.js'],
      }),
      chunk('admin.js', [src('screens/admin/page.tsx'), src('features/leads/leads.tsx')], {
        imports: ['shared.js', 'table.js'],
      }),
      chunk('table.js', [src('components/ui/data-table.tsx')]),
      chunk('shared.js', [src('components/ui/dialog.tsx')]),
    ];
    expect(adminCodeOnPublicPages(chunks, adminOnly)).toEqual([]);
  });

  it('names what a public page would load from the folders left out, statically or lazily', () => {
    const chunks = [
      chunk('index.js', [src('main.tsx'), src('features/leads/status.ts')], {
        isEntry: true,
        dynamicImports: ['checkout.js'],
      }),
      chunk('checkout.js', [src('screens/checkout/page.tsx')], { imports: ['table.js'] }),
      chunk('table.js', [src('components/ui/data-table.tsx'), src('features/leads-extra/x.tsx')]),
    ];
    expect(adminCodeOnPublicPages(chunks, adminOnly)).toEqual([
      'components/ui/data-table.tsx',
      'features/leads/status.ts',
    ]);
  });
});
