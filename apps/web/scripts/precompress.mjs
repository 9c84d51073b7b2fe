#!/usr/bin/env node
// Writes brotli (.br) and gzip (.gz) copies beside every compressible file of the build, so the
// server sends them as they are (@fastify/static `preCompressed`, apps/server/src/app.ts) instead
// of compressing on every request or sending the files raw. Images are compressed already.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The build's folder, or another one given as the argument.
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which is never served.
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (compressible.test(entry.name)) yield file;
  }
}

const brotli = (data) =>
  zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
const gzip = (data) => zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(dist)) {
  const data = fs.readFileSync(file);
  for (const [extension, compress] of [
    ['.br', brotli],
    ['.gz', gzip],
  ]) {
    const packed = compress(data);
    // A tiny file can grow: without a copy, the server sends the original.
    if (packed.length < data.length) fs.writeFileSync(file + extension, packed);
    if (extension === '.br') br += Math.min(packed.length, data.length);
  }
  raw += data.length;
  count += 1;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`);
