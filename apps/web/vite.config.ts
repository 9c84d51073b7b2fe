import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'common', minShareCount: 15 },
          ],
        },
      },
    },
  },
});
