/**
 * BENCH_ONLY=records-zip (issue 33): a 年長 class of BENCH_ZIP_CHILDREN (25) children, each with a
 * written 要録 and two 経過記録, on the production app in its own process with the records archive
 * worker. Measured: the class's 要録 ZIP (GET …/yoroku.zip, streamed) and the inspection archive
 * (POST …/records-archives, built by the worker, polled until ready, then downloaded): wall time,
 * bytes, and the app server's resident memory sampled every 100 ms while it builds. The same for a
 * class of 5 first: memory flat means the peak does not grow with the children.
 */
import { fiscalYearOf } from '@renraku/contract';
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Database } from '../src/db/client';
import { children, classes, facilities, noteChildren, recordDocuments } from '../src/db/schema';
import { randomToken } from '../src/lib/crypto';
import { admissionState, currentTemplate, storeState, yorokuDate } from '../src/modules/records/service';
import { seedProgressRecord } from '../src/seed/child-records';
import { loadAverage, log, sleep } from './config';
import { ensureStaff, signInStaff, xsrfOf, type FacilityStaff } from './dataset-staff';
import { residentMiB, startServer, stopServer } from './processes';

const CHILDREN = Number(process.env.BENCH_ZIP_CHILDREN ?? 25);
const LONG =
  '運動会のリレーでは、負けた悔しさを仲間と分かち合い、作戦を話し合って再び挑戦する姿が見られた（協同性）。飼育しているザリガニの世話を進んで行い、図鑑で調べたことを友だちに伝えていた。';

/** A 年長 class of `n` children, each with a written 要録 and two approved 経過記録. */
async function seedClass(database: Database, f: FacilityStaff, year: number, n: number): Promise<number> {
  const db = database.db;
  const facility = { id: f.facilityId, companyId: f.companyId };
  const [klass] = await db
    .insert(classes)
    .values({ companyId: f.companyId, facilityId: f.facilityId, name: `ぞう組${n}`, fiscalYear: year, ageBand: 5 })
    .returning();
  const [place] = await db.select().from(facilities).where(eq(facilities.id, f.facilityId));
  const yoroku = await currentTemplate(db, facility, 'yoroku', f.director);
  const progress = await currentTemplate(db, facility, 'progress_record', f.director);
  const teacher = f.classStaff[0]!.userIds[0];
  for (let i = 0; i < n; i++) {
    // 5歳児 on 1 April of the 年度: born April–December six years before, January–March five years before.
    const month = (i % 12) + 1;
    const born = `${month >= 4 ? year - 6 : year - 5}-${String(month).padStart(2, '0')}-10`;
    const [child] = await db
      .insert(children)
      .values({
        companyId: f.companyId,
        lastName: '年長',
        firstName: `園児${i + 1}`,
        lastNameKana: 'ねんちょう',
        firstNameKana: `えんじ${String(i + 1).padStart(2, '0')}`,
        birth: born,
        sex: (i % 2) + 1,
        qrToken: randomToken(24),
      })
      .returning();
    const admittedOn = `${year - 4}-04-01`;
    await db
      .insert(noteChildren)
      .values({ companyId: f.companyId, childId: child!.id, facilityId: f.facilityId, classId: klass!.id, admittedOn });
    for (const period of [
      { start: `${year}-04-01`, end: `${year}-09-30` },
      { start: `${year}-10-01`, end: `${year}-12-31` },
    ])
      await seedProgressRecord(db, {
        facility,
        classId: klass!.id,
        childId: child!.id,
        period,
        status: 'approved',
        templateId: progress.id,
        staff: { director: f.director, classStaff: teacher },
        name: child!.firstName,
        today: `${year + 1}-01-15`,
      });
    const [doc] = await db
      .insert(recordDocuments)
      .values({
        companyId: f.companyId,
        facilityId: f.facilityId,
        classId: klass!.id,
        childId: child!.id,
        kind: 'yoroku',
        periodStart: `${year}-04-01`,
        periodEnd: `${year + 1}-03-31`,
        templateId: yoroku.id,
        createdBy: teacher,
      })
      .returning();
    const y = new Y.Doc();
    Y.applyUpdate(
      y,
      admissionState({
        child_name: `年長 園児${i + 1}`,
        child_kana: `ねんちょう えんじ${i + 1}`,
        child_sex: i % 2 ? '女' : '男',
        child_birth: yorokuDate(born),
        child_address: '東京都世田谷区桜2-4-6',
        guardian_name: '年長 由美',
        guardian_address: '東京都世田谷区桜2-4-6',
        admitted_on: yorokuDate(admittedOn),
        graduated_on: yorokuDate(`${year + 1}-03-31`),
        school: '世田谷区立桜小学校',
        facility: place?.name ?? '',
        director_name: '園長',
        teacher_name: '担任',
      }),
    );
    y.getText('individual_focus').insert(0, `園児${i + 1}さんが自分の思いを言葉で伝えられるよう援助してきた。`.repeat(3));
    y.getText('development').insert(0, LONG.repeat(4));
    y.getText('earlier_growth').insert(0, LONG.repeat(2));
    y.getMap('ticks').set('development_figures:協同性', true);
    await storeState(db, doc!.id, Y.encodeStateAsUpdate(y));
  }
  return klass!.id;
}

/** Samples the server's resident memory every 100 ms while `work` runs. */
async function sampled<T>(pid: number, work: () => Promise<T>) {
  const samples: number[] = [residentMiB(pid) ?? 0];
  const timer = setInterval(() => samples.push(residentMiB(pid) ?? 0), 100);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, samples };
  } finally {
    clearInterval(timer);
  }
}

const mib = (v: number) => v.toFixed(0);
const memoryLine = (samples: number[]) => {
  const peak = Math.max(...samples);
  const perSecond = samples.filter((_, i) => i % 10 === 0).map(mib);
  return `RSS before ${mib(samples[0]!)} MiB, peak ${mib(peak)} MiB (+${mib(peak - samples[0]!)}), end ${mib(samples.at(-1)!)} MiB; each second: ${perSecond.join(' ')}`;
};

export async function recordsZipRun(database: Database, today: string) {
  const staff = await ensureStaff(database.db, today);
  const f = staff[0]!;
  const year = fiscalYearOf(today);
  const cookie = (await signInStaff(database.db, [f.director])).get(f.director)!;
  log(`## records-zip: a 年長 class's 要録 ZIP and inspection archive (5, then ${CHILDREN} children; 要録 + 2 経過記録 each)`);
  process.env.BENCH_ARCHIVE_WORKER = '1';
  const app = await startServer('app');
  const origin = `http://127.0.0.1:${app.port}`;
  const pid = app.child.pid!;
  try {
    for (const n of [5, CHILDREN]) {
      const seeded = performance.now();
      const classId = await seedClass(database, f, year, n);
      log(`class of ${n}: seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s (load average ${loadAverage()})`);
      const zip = await sampled(pid, async () => {
        const response = await fetch(`${origin}/api/staff/classes/${classId}/yoroku.zip?year=${year}`, { headers: { cookie } });
        const bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) throw new Error(`要録 ZIP: ${response.status}`);
        return bytes;
      });
      log(
        `- 要録 ZIP, ${n} PDFs: ${zip.seconds.toFixed(1)} s, ${(zip.result / 1024).toFixed(0)} KiB; ${memoryLine(zip.samples)}`,
      );
      const xsrf = await xsrfOf(origin, cookie);
      const headers = { 'content-type': 'application/json', cookie: `${cookie}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
      const built = await sampled(pid, async () => {
        const asked = await fetch(`${origin}/api/staff/classes/${classId}/records-archives`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ year }),
        });
        if (asked.status !== 202) throw new Error(`archive: ${asked.status} ${await asked.text()}`);
        for (;;) {
          await sleep(200);
          const latest = await fetch(`${origin}/api/staff/classes/${classId}/records-archives/latest?year=${year}`, { headers });
          const { archive } = (await latest.json()) as { archive: { status: string; total: number; download_url: string } };
          if (archive.status === 'failed') throw new Error('archive failed');
          if (archive.status === 'ready') return archive;
        }
      });
      const download = await fetch(`${origin}${built.result.download_url}`, { headers: { cookie } });
      const size = (await download.arrayBuffer()).byteLength;
      log(
        `- inspection archive, ${built.result.total} PDFs (request → ready, polled every 200 ms): ${built.seconds.toFixed(1)} s, ${(size / 1024).toFixed(0)} KiB; ${memoryLine(built.samples)}`,
      );
    }
  } finally {
    await stopServer(app.child);
  }
  log();
}
