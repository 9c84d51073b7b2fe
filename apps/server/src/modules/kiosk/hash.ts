import { createHash } from 'node:crypto';

/** Hex SHA-256: the roster's `qr_hash`, the one-time codes and staff QR tokens as stored (the tablet hashes what it reads the same way). */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
