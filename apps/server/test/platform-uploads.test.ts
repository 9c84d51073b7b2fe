/**
 * Issue 30, uploads: an SVG is no photo (guardian child photo, the staff child photo, pick-up
 * person photo and class photo calls), and a notice file that only starts with `%PDF-` is no PDF.
 * Only JPEG, PNG, HEIC and WebP photos and PDFs that parse are taken (422 in Japanese otherwise).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  noticeMessages,
  postChildImage,
  postStaffChildImage,
  postStaffClassPhoto,
  postStaffFacilityNotice,
  postStaffNoticeFile,
  tokyoDate,
  type Call,
} from '@renraku/contract';
import { NOT_AN_IMAGE } from '../src/lib/images';
import { buildClass, buildFamily, buildStaff, tinyPdf } from './factories';
import { call, callRaw, setupApp, type Agent, type MultipartPart } from './harness';

const t = setupApp();
const db = () => t.db;

let family: Awaited<ReturnType<typeof buildFamily>>;
let guardian: Agent;
let director: Agent;
let classId: number;

beforeAll(async () => {
  family = await buildFamily(db());
  guardian = await t.signIn(family.main);
  const staff = await buildStaff(db(), { role: 'director', facilityId: family.facilityId });
  director = await t.signInStaff(staff.user);
  classId = (await buildClass(db(), { facilityId: family.facilityId })).id;
}, 120_000);

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#f00"/><script>alert(1)</script></svg>',
);
const svgPart = (name = 'upload_file'): MultipartPart => ({
  name,
  filename: 'photo.svg',
  contentType: 'image/svg+xml',
  data: SVG,
});
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c6' } })
    .webp()
    .toBuffer();

/** One upload; the answer's status and message. */
async function upload(agent: Agent, c: Call, params: Record<string, unknown>, parts: MultipartPart[]) {
  const res = await callRaw(agent, c, { params, multipart: parts });
  return { status: res.statusCode, message: res.statusCode >= 400 ? (res.json() as { message: string }).message : '' };
}

describe('issue 30: photos are JPEG, PNG, HEIC or WebP', () => {
  it('an SVG is refused with 422 on the guardian child photo, the staff child photo and a class photo', async () => {
    const childId = family.child.id;
    expect(await upload(guardian, postChildImage, { childId }, [svgPart()])).toEqual({ status: 422, message: NOT_AN_IMAGE });
    expect(await upload(director, postStaffChildImage, { childId }, [svgPart()])).toEqual({ status: 422, message: NOT_AN_IMAGE });
    expect(
      await upload(director, postStaffClassPhoto, { classId }, [
        { name: 'date', value: tokyoDate(new Date()) },
        { name: 'to_class', value: 'true' },
        svgPart(),
      ]),
    ).toEqual({ status: 422, message: NOT_AN_IMAGE });
  });

  it('a JPEG and a WebP are still taken', async () => {
    const childId = family.child.id;
    const asJpeg = { name: 'upload_file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() };
    const asWebp = { name: 'upload_file', filename: 'a.webp', contentType: 'image/webp', data: await webp() };
    expect((await upload(guardian, postChildImage, { childId }, [asJpeg])).status).toBe(200);
    expect((await upload(director, postStaffChildImage, { childId }, [asWebp])).status).toBe(200);
  });
});

describe('issue 30: notice files are PDFs that parse', () => {
  it('bytes that only start with %PDF- are refused; a real PDF is attached', async () => {
    const notice = await call(director, postStaffFacilityNotice, {
      params: { facilityId: family.facilityId },
      body: { title: '持ち物', text: '本文', audience: { kind: 'facility' }, release: 'draft' },
    });
    const noticeId = notice.data.id;
    const file = (data: Buffer): MultipartPart[] => [
      { name: 'upload_file', filename: 'a.pdf', contentType: 'application/pdf', data },
    ];
    for (const fake of ['%PDF-1.4 <html><script>alert(1)</script></html>', '%PDF-\n%%EOF\n']) {
      expect(await upload(director, postStaffNoticeFile, { noticeId }, file(Buffer.from(fake)))).toEqual({
        status: 422,
        message: noticeMessages.fileType,
      });
    }
    expect((await upload(director, postStaffNoticeFile, { noticeId }, file(tinyPdf()))).status).toBe(201);
  });
});
