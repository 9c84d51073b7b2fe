import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { guardianMessages, limits } from '@renraku/contract';
import { invalid } from './errors';

/** Registers multipart parsing in an encapsulated scope (only the upload routes of that scope get it). */
export async function withMultipart(scope: FastifyInstance) {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: limits.imageMaxBytes - 1, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });
}

/**
 * Reads the `upload_file` part of a multipart image upload. The size limit is enforced while
 * streaming (busboy stops at 20,000,000 − 1 bytes and marks the file truncated), so a huge upload
 * is never held in memory. Empty or too large → 422 with A §5's text.
 */
export async function readImageUpload(req: FastifyRequest): Promise<{ bytes: Buffer; contentName: string | null }> {
  const form = await readUploadForm(req);
  if (!form.bytes) throw invalid('upload_file', guardianMessages.imageRequired);
  return { bytes: form.bytes, contentName: form.fields.content_name?.slice(0, 255) ?? null };
}

/**
 * Reads a multipart form of text fields and at most one `upload_file` (absent: `bytes` null), with
 * the same streaming size limit as above. Not multipart → 422; an empty or too large file → 422.
 */
export async function readUploadForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Buffer | null }> {
  if (!req.isMultipart()) throw invalid('upload_file', guardianMessages.imageRequired);
  let bytes: Buffer | null = null;
  let truncated = false;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        // A file input left empty arrives as a part without a name and without bytes.
        if (part.fieldname !== 'upload_file' || bytes || !part.filename) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
        truncated = part.file.truncated;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The plugin's own refusals (too many parts: 413) keep their status; a form busboy cannot
    // read (no closing boundary, "Unexpected end of form") is the client's: 422, not a 500.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw invalid('upload_file', guardianMessages.imageRequired);
  }
  if (bytes && (truncated || bytes.length === 0)) throw invalid('upload_file', guardianMessages.imageTooLarge);
  return { fields, bytes };
}
