import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import {
  deleteStaffChildImage,
  deleteStaffPickupPersonImage,
  getChild,
  getStaffChild,
  getStaffChildren,
  getStaffPickupPersons,
  postStaffChildImage,
  postStaffPickupPerson,
  postStaffPickupPersonImage,
  type Call,
} from '@renraku/contract';
import { auditLog, children, pickupPersons } from '../src/db/schema';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectMatrix, rosterWrite } from './staff-persona-matrix';

const { t, w, as } = setupStaffWorld();
const db = () => t.db;
let photo: Buffer;

const auditOf = async (action: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
const childKey = async () => (await db().select().from(children).where(eq(children.id, w.family.child.id)))[0]!.imageKey;
const stored = async (key: string) => {
  const stream = await t.storage.get(key);
  stream?.destroy();
  return stream !== null;
};

/** A JPEG carrying EXIF with GPS, as a phone camera writes it. */
async function jpegWithGps() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'RenrakuCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 2910/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 44/1 2838/100' },
    })
    .toBuffer();
}

function upload<C extends Call>(agent: Agent, contractCall: C, params: Record<string, number>, data: Buffer = photo) {
  return callRaw(agent, contractCall, {
    params,
    multipart: [
      { name: 'content_name', value: 'photo.jpg' },
      { name: 'upload_file', filename: 'photo.jpg', data },
    ],
  });
}

async function expectStripped(agent: Agent, url: string) {
  const served = await agent.get(url);
  expect(served.statusCode).toBe(200);
  expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  expect(served.rawPayload.includes(Buffer.from('RenrakuCam'))).toBe(false);
}

beforeAll(async () => {
  photo = await jpegWithGps();
}, 120_000);

describe('the child’s photo as staff set it', () => {
  it('roster roles upload and replace it (old file removed), stripped; audited; others 403/404/401', async () => {
    const params = { childId: w.family.child.id };
    const before = await auditOf('child.photo.update');
    const keys: (string | null)[] = [];
    await expectMatrix(as, rosterWrite(200), async (agent) => {
      const res = await upload(agent, postStaffChildImage, params);
      keys.push(await childKey());
      return res;
    });
    expect(await auditOf('child.photo.update')).toBe(before + 3);
    const final = (await childKey())!;
    expect(final).toMatch(/^children\//);
    // Each replacement removed the photo before it, with its variants.
    const replaced = [...new Set(keys.filter((k): k is string => !!k && k !== final))];
    expect(replaced).toHaveLength(2);
    for (const key of replaced) for (const k of [key, `${key}.thumb`, `${key}.medium`]) expect(await stored(k)).toBe(false);
    for (const k of [final, `${final}.thumb`, `${final}.medium`]) expect(await stored(k)).toBe(true);

    // The staff record and roster show its thumb; the guardian app shows the same photo.
    const record = (await call(as.classStaffA, getStaffChild, { params })).data;
    expect(record.image_url).toMatch(/^\/files\/children\/.+v=thumb/);
    await expectStripped(as.classStaffA, record.image_url!);
    await expectStripped(as.director, t.app.ctx.files.url(final)!);
    const roster = (await call(as.director, getStaffChildren, { params: { facilityId: w.facilityId } })).data;
    expect(roster.find((c) => c.id === w.family.child.id)?.image_url).toMatch(/^\/files\//);
    const guardian = await t.signIn(w.family.readOnly);
    expect((await call(guardian, getChild, { params: { id: w.family.child.id } })).data.image_url).toBe(record.image_url);
  });

  it('roster roles remove it (files gone, audited); class staff 403; other facility 404', async () => {
    const params = { childId: w.family.child.id };
    const key = (await childKey())!;
    expect((await call(as.classStaffA, deleteStaffChildImage, { params })).statusCode).toBe(403);
    expect((await call(as.otherFacility, deleteStaffChildImage, { params })).statusCode).toBe(404);
    expect((await call(as.guardian, deleteStaffChildImage, { params })).statusCode).toBe(401);
    expect(await childKey()).toBe(key);
    const res = await call(as.office, deleteStaffChildImage, { params });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('写真を削除しました');
    expect(await childKey()).toBeNull();
    expect(await stored(key)).toBe(false);
    expect(await auditOf('child.photo.delete')).toBe(1);
    expect((await call(as.director, getStaffChild, { params })).data.image_url).toBeNull();
  });

  it('refuses a non-image, an empty file, no file and a bad id in Japanese: nothing stored, no audit entry', async () => {
    const params = { childId: w.family.child.id };
    const audit = await auditOf('child.photo.update');
    const text = await upload(as.director, postStaffChildImage, params, Buffer.from('not an image'));
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe('画像ファイルを選択してください');
    const empty = await upload(as.director, postStaffChildImage, params, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('空のファイルまたは20MB以上の画像はアップロードできません');
    const none = await callRaw(as.director, postStaffChildImage, { params, multipart: [{ name: 'content_name', value: 'x' }] });
    expect(none.statusCode).toBe(422);
    const json = await callRaw(as.director, postStaffChildImage, { params, body: { upload_file: 'x' } });
    expect(json.statusCode).toBe(422);
    expect((await upload(as.director, postStaffChildImage, { childId: 'abc' } as never)).statusCode).toBe(422);
    expect(await childKey()).toBeNull();
    expect(await auditOf('child.photo.update')).toBe(audit);
  });
});

describe('a pick-up person’s photo', () => {
  it('roster roles upload, replace and remove it; the staff list shows a signed thumb; audited', async () => {
    const created = (
      await call(as.director, postStaffPickupPerson, {
        params: { childId: w.family.child.id },
        body: { name: '山田 花子', relation: '祖母', phone: '' },
      })
    ).data;
    expect(created.image_url).toBeNull();
    const params = { pickupPersonId: created.id };
    await expectMatrix(as, rosterWrite(200), (agent) => upload(agent, postStaffPickupPersonImage, params));
    const [row] = await db().select().from(pickupPersons).where(eq(pickupPersons.id, created.id));
    expect(row!.imageKey).toMatch(new RegExp(`^pickup/${w.companyId}/${w.family.child.id}/`));
    expect(await auditOf('child.pickup.photo.update')).toBe(3);
    // Replaced twice: only the last photo is left in the child's folder.
    const list = (await call(as.classStaffB, getStaffPickupPersons, { params: { childId: w.family.child.id } })).data;
    const shown = list.find((p) => p.id === created.id)!;
    expect(shown.image_url).toMatch(/^\/files\/pickup\/.+v=thumb/);
    await expectStripped(as.classStaffB, shown.image_url!);

    await expectMatrix(as, rosterWrite(200), (agent) => call(agent, deleteStaffPickupPersonImage, { params }));
    expect((await db().select().from(pickupPersons).where(eq(pickupPersons.id, created.id)))[0]!.imageKey).toBeNull();
    expect(await stored(row!.imageKey!)).toBe(false);
    expect(await auditOf('child.pickup.photo.delete')).toBe(3);
  });

  it('refuses a non-image and an unknown person: nothing stored, no audit entry', async () => {
    const [person] = await db()
      .insert(pickupPersons)
      .values({ companyId: w.companyId, childId: w.family.child.id, name: '叔母', relation: '叔母' })
      .returning();
    const audit = await auditOf('child.pickup.photo.update');
    const bad = await upload(as.director, postStaffPickupPersonImage, { pickupPersonId: person!.id }, Buffer.from('GIF89a?'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors?.upload_file).toEqual(['画像ファイルを選択してください']);
    expect((await upload(as.director, postStaffPickupPersonImage, { pickupPersonId: 999_999 })).statusCode).toBe(404);
    expect((await db().select().from(pickupPersons).where(eq(pickupPersons.id, person!.id)))[0]!.imageKey).toBeNull();
    expect(await auditOf('child.pickup.photo.update')).toBe(audit);
  });
});
