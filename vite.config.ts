import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { renderShell } from './src/server/http/shell.ts';
import { splitLocale } from './src/contract/site/routes.ts';
import { DEFAULT_SITE_NAME, DEFAULT_SUPPORT_EMAIL } from './src/contract/site/site.ts';
import { compileOffMainThread, sentinelsWithoutStack } from './src/build/first-load.ts';
import { brandMarkInShell } from './src/build/brand-mark.ts';
import { publicCssCoversPublicPages } from './src/build/public-css.ts';

/** In `npm run dev`, fill the shell's placeholders the way the server does in production. */
function devShell(): Plugin {
  return {
    name: 'dev-shell',
    apply: 'serve',
    transformIndexHtml: (html, ctx) => {
      const origin =
        ctx.server?.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://localhost:5173';
      const { locale, path } = splitLocale(ctx.originalUrl ?? ctx.path);
      const site = {
        name: process.env.SITE_NAME || DEFAULT_SITE_NAME,
        supportEmail: process.env.SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL,
      };
      return renderShell(html, site, origin, { locale, path, found: true });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  // lingui: src/locales/**/*.po compiled at build time (a missing Spanish message fails the build).
  plugins: [
    react(),
    tailwindcss(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    devShell(),
    brandMarkInShell(),
    !isSsrBuild && compileOffMainThread(),
    !isSsrBuild && sentinelsWithoutStack(),
    !isSsrBuild && publicCssCoversPublicPages(),
  ],
  resolve: {
    // wouter's shim for React < 18: React 19 has useSyncExternalStore itself (0.4 KB less on the landing page).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(
          new URL('./src/web/lib/use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    // No preload helper: a lazy page's own imports load when its file arrives (one round trip more,
    // once, on checkout and the admin area) and the landing page carries 0.5 KB less (docs/decisions/015).
    modulePreload: false,
    // One style sheet for the first load (the build puts it into the page): split per chunk, every lazy
    // chunk would name the entry's sheet as a file to load, and a page would get it a second time,
    // after the admin area's (src/web/lib/admin-styles.ts), whose rules must come last.
    cssCodeSplit: false,
    // The server build (entry-server.tsx → dist/ssr) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    // Not for the server renderer (dist/ssr): one bundle there anyway.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Everything the first page imports statically is one chunk (docs/decisions/018): without this
            // the bundler's merging of shared modules depends on the shape of the lazy chunks, and a new
            // lazy page could split the landing page's code into several files and make it heavier.
            codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
          },
        },
  },
  // The server renderer is one self-contained bundle: React and the rest need not be installed at run time.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 5000}`,
      '/healthz': `http://127.0.0.1:${process.env.API_PORT ?? 5000}`,
    },
  },
}));
