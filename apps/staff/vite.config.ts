import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.API_URL ?? 'http://localhost:3000';

/** The staff app (DESIGN §3.1): its own build, served by the API server under /staff/. */
export default defineConfig({
  base: '/staff/',
  plugins: [react()],
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
