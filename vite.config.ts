import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { renderShell } from './src/server/http/shell.ts';
import { DEFAULT_SITE_NAME, DEFAULT_SUPPORT_EMAIL } from './src/contract/site.ts';

/** In `npm run dev`, fill the shell's placeholders the way the server does in production. */
function devShell(): Plugin {
  return {
    name: 'dev-shell',
    apply: 'serve',
    transformIndexHtml: (html, ctx) =>
      renderShell(
        html,
        { name: process.env.SITE_NAME || DEFAULT_SITE_NAME, supportEmail: process.env.SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL },
        ctx.server?.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://localhost:5173',
      ),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), devShell()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
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
