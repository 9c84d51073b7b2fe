import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { FileUrls, Storage } from './lib/files';
import type { Counter } from './lib/rate-limit';

/** What every module's service functions need, built once per app. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  counter: Counter;
  storage: Storage;
  files: FileUrls;
  log: FastifyBaseLogger;
}
