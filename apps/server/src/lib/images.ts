import sharp from 'sharp';
import type { AppContext } from '../context';
import { randomToken } from './crypto';
import type { Storage } from './files';
import { HttpError } from './errors';

/** Variants stored beside each image, as `{key}.{variant}`; a phone never downloads more than it shows. */
export const IMAGE_VARIANTS = { thumb: 320, medium: 1024 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;
const MAX_SIDE = 2048;

export const NOT_AN_IMAGE = '画像ファイルを選択してください';

/** What phones and cameras save, as sharp names the detected format: JPEG, PNG, WebP, HEIC/HEIF (docs/decisions/platform-upload-formats.md). */
const PHOTO_FORMATS = new Set<string | undefined>(['jpeg', 'png', 'webp', 'heif']);

/**
 * Verifies the bytes are an image, applies the EXIF orientation, bounds the size and re-encodes
 * as JPEG. Re-encoding drops all metadata (EXIF GPS of children's photos must never leak).
 */
export async function normaliseImage(input: Buffer, maxSide: number = MAX_SIDE): Promise<Buffer> {
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: 80_000_000 });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // A photo only: sharp also rasterises SVG, PDF, GIF, TIFF… which no camera produces (issue 30).
    if (!PHOTO_FORMATS.has(meta.format)) throw new Error(`not a photo: ${meta.format}`);
    return await image
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new HttpError(422, NOT_AN_IMAGE, { upload_file: [NOT_AN_IMAGE] });
  }
}

/** Stores a normalised image and its variants; answers the key to keep in the database. */
export async function storeImage(storage: Storage, folder: string, input: Buffer): Promise<string> {
  const original = await normaliseImage(input);
  const key = `${folder}/${randomToken(16)}.jpg`;
  await storage.put(key, original);
  for (const [variant, side] of Object.entries(IMAGE_VARIANTS)) {
    const resized = await sharp(original)
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    await storage.put(`${key}.${variant}`, resized);
  }
  return key;
}

/** Removes a stored image and its variants; a failure is logged, never the caller's error. */
export async function removeImage(ctx: Pick<AppContext, 'storage' | 'log'>, key: string) {
  await Promise.all([ctx.storage.remove(key), ctx.storage.remove(`${key}.thumb`), ctx.storage.remove(`${key}.medium`)]).catch(
    (error) => ctx.log.warn({ err: error, key }, 'old image not removed'),
  );
}
