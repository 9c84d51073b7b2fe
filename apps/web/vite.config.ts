import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const server = process.env.API_URL ?? 'http://localhost:3000';

/**
 * `home.html`: index.html plus `modulepreload` (and stylesheet preload) links for the signed-in
 * home's code, the UI providers, the signed-in layout and the feed screen with everything they import
 * statically. The server sends it for /main to a browser that holds a session cookie
 * (apps/server/src/app.ts), so those chunks download beside the entry instead of after it has run;
 * a new visitor's /login never loads them (docs/decisions/web-speed-main.md).
 */
function homePreloads(): Plugin {
  const roots = ['src/app/ui-providers.tsx', 'src/app/layouts/signed-in-layout.tsx', 'src/features/feed/routes/main-page.tsx'];
  return {
    name: 'renraku-home-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || chunk.isEntry || scripts.has(fileName)) return;
        scripts.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        chunk.imports.forEach(visit);
      };
      for (const root of roots) {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(root)));
        if (!chunk) throw new Error(`home preloads: no chunk for ${root}`);
        visit(chunk.fileName);
      }
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('home preloads: no index.html');
      const links = [
        ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('\n    ');
      const html = String(index.source).replace('</head>', `\n    ${links}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'home.html', source: html });
      // Which chunk holds each of the app's modules: Vite's manifest names only the chunks' own
      // entry modules, and grouped screens (the home) are none (scripts/bundle-report.mjs).
      const root = `${process.cwd()}/`;
      const modules = Object.fromEntries(
        chunks.flatMap((chunk) =>
          chunk.moduleIds.filter((id) => id.startsWith(`${root}src/`)).map((id) => [id.slice(root.length), chunk.fileName]),
        ),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

/** The home chunk's roots; their static imports come with them (`includeDependenciesRecursively`). */
const homeRoots =
  /src[\\/](app[\\/]ui-providers|app[\\/]layouts[\\/]signed-in-layout|features[\\/]feed[\\/]routes[\\/]main-page)\.tsx$/;

export default defineConfig({
  plugins: [
    react(),
    homePreloads(),
    // The installable app (issue 20; docs/decisions/web-pwa-offline.md): a manifest and a Workbox
    // service worker that precaches the app shell and keeps the last answers of the GET calls, so
    // the app opens offline on what it last saw. main.tsx registers it once the page has loaded.
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'れんらくノート',
        short_name: 'れんらくノート',
        description: '保育施設と保護者をつなぐ連絡帳アプリ',
        lang: 'ja',
        dir: 'ltr',
        start_url: '/main',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#f08c00',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell: every script, style and icon of the guardian app (the staff app has its own scope).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(api|sanctum|staff|files|dev)(\/|$)/],
        cleanupOutdatedCaches: true,
        // The push and notificationclick handlers (public/push-sw.js; docs/decisions/push-web-push.md).
        importScripts: ['/push-sw.js'],
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // The last answer of each read (the feed, children, notices…), for opening offline. The
            // network always comes first; the cache is cleared at logout (lib/session.ts). Files (the
            // 領収書 PDF) are downloads the browser makes itself: never answered by the worker.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              url.pathname.startsWith('/api/') &&
              !url.pathname.startsWith('/api/dev/') &&
              !url.pathname.endsWith('.pdf'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api',
              networkTimeoutSeconds: 8,
              expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': server, '/sanctum': server, '/files': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets scripts/bundle-report.mjs measure each route's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into the entry chunk: one request and one
          // gzip stream instead of ~30 small shared chunks (7 kB less on /login; see
          // docs/decisions/web-initial-bundle.md). What 15 or more lazy screens share (Mantine's
          // common components, TanStack Query, the app's alerts and page frame) goes into one
          // `common` chunk: /main loads 15 chunks instead of 44 and 8 kB less, and the entry's
          // preload map names fewer files. The rest keeps the default splitting.
          // The signed-in home's own code (the UI providers, the signed-in layout, the feed screen and
          // what they import that `common` does not hold) is one `home` chunk: a phone fetches 3
          // files for its first screen instead of 15, each a round trip on a slow network
          // (docs/decisions/web-speed-main.md). Other screens load it too, for the providers and
          // layout they share with it.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'common', minShareCount: 15, priority: 2 },
            { name: 'home', test: homeRoots, priority: 1 },
          ],
        },
      },
    },
  },
});
