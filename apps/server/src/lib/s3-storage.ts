import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { assertFileKey, type Storage } from './files';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', pdf: 'application/pdf' };

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…): every app server reads what any
 * of them stored. The app still serves the bytes behind its own signed URLs (lib/files), so a file
 * stays as private, and as quick to revoke, as on disk.
 */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  return {
    async put(key, data) {
      assertFileKey(key);
      const ext = /\.(\w+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' }),
      );
    },
    async putFile(key, localPath) {
      assertFileKey(key);
      const { size } = await fs.promises.stat(localPath);
      // A stream of known length: one PUT of up to 5 GB, never the whole file in memory.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(localPath),
          ContentLength: size,
          ContentType: 'application/zip',
        }),
      );
    },
    async get(key) {
      assertFileKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) {
          return null;
        }
        throw error;
      }
    },
    async remove(key) {
      assertFileKey(key);
      // Deleting a missing object is not an error in S3, as `rm --force` on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
