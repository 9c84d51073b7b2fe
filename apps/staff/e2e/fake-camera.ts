import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): a Y4M (YUV 4:2:0)
 * of a few frames, each the QR code of `text` as the guardian app's QR page renders it (error
 * correction M, a 4-module quiet zone: apps/web/src/features/feed/routes/qr-page.tsx), black on
 * white, centred in a 640×480 frame. Chromium loops the frames.
 */
export function writeQrVideo(file: string, text: string, frames = 5): string {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const margin = 4;
  const scale = Math.floor(Math.min(width, height) / (size + 2 * margin)) - 1;
  const side = (size + 2 * margin) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 0xeb);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + margin) * scale + dy) * width + left + (x + margin) * scale;
        luma.fill(0x10, row, row + scale);
      }
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 0x80);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(frames).fill(frame)]),
  );
  return file;
}
