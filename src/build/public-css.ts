// The public pages' style sheet leaves the admin area's classes out (src/web/index.css,
// docs/decisions/016). This build check makes sure no public page loads code whose classes it left out.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const WEB = path.resolve(import.meta.dirname, '../web');

/** Where the admin area's classes live: the folders and files index.css leaves out (`@source not`). */
export function adminOnlyPaths(indexCss: string): string[] {
  const left = [...indexCss.matchAll(/^@source not '([^']+)';$/gm)].map((m) =>
    path.resolve(WEB, m[1]!),
  );
  if (!left.length) throw new Error('public css: index.css leaves nothing out (@source not)');
  return left;
}

/** The chunks the bundler made, as far as this check reads them. */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/**
 * The source files a public page may load that the public style sheet has no classes for. Public
 * is what the entry reaches through static and lazy imports, short of a lazy chunk that starts in
 * the admin area (its page brings admin.css).
 */
export function adminCodeOnPublicPages(
  chunks: readonly ChunkInfo[],
  adminOnly: readonly string[],
): string[] {
  const isAdmin = (id: string | null) =>
    !!id && adminOnly.some((p) => id === p || id.startsWith(p + path.sep));
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const queue = chunks.filter((c) => c.isEntry);
  const found = new Set<string>();
  while (queue.length) {
    const chunk = queue.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) if (isAdmin(id)) found.add(path.relative(WEB, id));
    for (const name of chunk.imports) queue.push(byName.get(name)!);
    for (const name of chunk.dynamicImports) {
      const next = byName.get(name);
      if (next && !isAdmin(next.facadeModuleId)) queue.push(next);
    }
  }
  return [...found].sort();
}

/** Fails the client build when a public page would load code from what the public sheet leaves out. */
export function publicCssCoversPublicPages(): Plugin {
  return {
    name: 'public-css-covers-public-pages',
    apply: 'build',
    generateBundle(_, bundle) {
      const adminOnly = adminOnlyPaths(fs.readFileSync(path.join(WEB, 'index.css'), 'utf8'));
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const found = adminCodeOnPublicPages(chunks, adminOnly);
      if (found.length) {
        this.error(
          `the public pages load ${found.join(', ')}, whose classes src/web/index.css leaves out: move the code, or stop leaving it out`,
        );
      }
    },
  };
}
