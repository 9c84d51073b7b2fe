import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/sanctum': server, '/files': server },
  },
  // The manifest lets scripts/bundle-report.mjs measure each route's initial JavaScript.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
