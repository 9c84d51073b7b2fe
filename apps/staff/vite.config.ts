import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const server = process.env.API_URL ?? 'http://localhost:3000';

/** The staff app (DESIGN §3.1): its own build, served by the API server under /staff/. */
export default defineConfig({
  base: '/staff/',
  plugins: [
    react(),
    // The gate kiosk opens with no network (staff.md §6; docs/decisions/kiosk-offline-app.md): a
    // Workbox service worker precaches the staff app's shell and answers every /staff/ navigation
    // with it offline. Only the kiosk registers it (features/kiosk/lib/register-sw.ts); no API
    // answers are cached here (the kiosk keeps its roster and scans in IndexedDB itself), and no
    // manifest (the staff app is not installed; the kiosk is a bookmarked tablet page).
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/staff/index.html',
        navigateFallbackAllowlist: [/^\/staff(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    port: 5174,
    proxy: { '/api': server, '/sanctum': server, '/files': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
  },
});
