import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import sharp from 'sharp';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { getUsers, messages, postLogin, postUserImage } from '@renraku/contract';
import { buildApp } from '../src/app';
import { openPostgres, type Database } from '../src/db/client';
import { randomToken } from '../src/lib/crypto';
import { createStorage } from '../src/lib/files';
import { redisCounter, type Counter } from '../src/lib/rate-limit';
import { LOGIN_LIMITS } from '../src/modules/idp/credentials';
import { buildUser, TEST_PASSWORD } from './factories';
import { Agent, call } from './harness';
import { createScratchDatabase } from './helpers';
import { instanceConfig, redisAnswers, redisUrl } from './two-instances';

/**
 * Two app servers behind one load balancer (docs/scaling.md): one PostgreSQL database, one Redis,
 * one S3-compatible bucket (s3rver, on 127.0.0.1). Whatever one server stored or counted, the other
 * must see. Needs PostgreSQL (PGlite is one process's database) and Redis: skipped without them.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const runnable = Boolean(pgUrl) && (await redisAnswers());
// The SDK's notice that its 2027 releases need Node 22 is for operators, not for every test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

async function startS3(dirs: string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  dirs.push(directory);
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  await new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials }).send(
    new CreateBucketCommand({ Bucket: 'renraku-files' }),
  );
  return { server, endpoint, bucket: 'renraku-files', credentials };
}

describe('S3-compatible storage', () => {
  const dirs: string[] = [];
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3(dirs);
  });
  afterAll(async () => {
    await s3?.server.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads back, removes; a missing key is null; a key that climbs out is refused', async () => {
    const storage = await createStorage({
      dataDir: '/nonexistent',
      s3: { bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, ...s3.credentials },
    });
    await storage.put('notices/abc.pdf', Buffer.from('%PDF-1.4 test'));
    const stream = await storage.get('notices/abc.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4 test');
    await storage.remove('notices/abc.pdf');
    expect(await storage.get('notices/abc.pdf')).toBeNull();
    await storage.remove('notices/abc.pdf'); // removing twice is fine, as on disk
    await expect(storage.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow('bad file key');
    await expect(storage.get('a//b.jpg')).rejects.toThrow('bad file key');
  });
});

describe.skipIf(!runnable)('two app instances on one database, Redis and bucket', () => {
  const dirs: string[] = [];
  let s3: Awaited<ReturnType<typeof startS3>>;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const databases: Database[] = [];
  // This run's own counters in the shared Redis: a run a minute ago must not have used up its limit.
  const counterPrefix = `rl:test:${randomToken(6)}:`;
  const apps: FastifyInstance[] = [];
  const counters: Counter[] = [];

  beforeAll(async () => {
    s3 = await startS3(dirs);
    const { endpoint, credentials } = s3;

    scratch = await createScratchDatabase('test_multi');
    const url = scratch.url;

    for (let i = 0; i < 2; i++) {
      // Each server its own data dir: nothing may pass between them through the local disk.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `renraku-instance-${i}-`));
      dirs.push(dataDir);
      const config = instanceConfig(dataDir, url, {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      });
      // One after the other: the first applies the migrations, the second finds them applied.
      const database = await openPostgres(url, { max: 2 });
      databases.push(database);
      const counter = redisCounter(new Redis(redisUrl), counterPrefix);
      counters.push(counter);
      const app = await buildApp(config, { database, counter });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    for (const counter of counters) await counter.close();
    await scratch?.drop();
    await s3?.server.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a session started on one server works on the other; a photo stored through one is served by the other', async () => {
    const user = await buildUser(databases[0]!.db);
    const first = new Agent(apps[0]!);
    await first.login(user.email, TEST_PASSWORD);
    const second = new Agent(apps[1]!);
    for (const name of ['renraku_session', 'XSRF-TOKEN']) second.setCookie(name, first.cookie(name)!);
    const me = await call(second, getUsers);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);

    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#88aa33' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 0/1 0/1' } })
      .toBuffer();
    const uploaded = await call(second, postUserImage, {
      multipart: [
        { name: 'content_name', value: 'me.jpg' },
        { name: 'upload_file', filename: 'me.jpg', data: jpeg },
      ],
    });
    expect(uploaded.statusCode).toBe(200);
    const served = await first.get(uploaded.json().image_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBeGreaterThan(0);
    expect(meta.exif).toBeUndefined();
    // Nothing was written to either server's disk: the bytes are in the bucket only.
    for (const dir of dirs.slice(1)) expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('a file that is not in the bucket is a 404, not a 500', async () => {
    const storage = await createStorage(apps[0]!.ctx.config);
    expect(await storage.get('users/0/missing.jpg')).toBeNull();
    const url = apps[0]!.ctx.files.url('users/0/missing.jpg')!;
    expect((await new Agent(apps[1]!).get(url)).statusCode).toBe(404);
  });

  it('the per-client sign-in limit counts across both servers', async () => {
    // One client, wrong passwords for ever new addresses, spread over both servers.
    const agents = apps.map((app) => new Agent(app));
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perIp; i++) {
      const res = await call(agents[i % 2]!, postLogin, {
        body: { email: `nobody-${randomToken(6)}@example.com`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perIp).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const blocked = await call(agents[0]!, postLogin, { body: { email: 'someone@example.com', password: 'wrong-password' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.tooManyLoginAttempts);
  });
});
