/**
 * BENCH_ONLY=kiosk's live ratio (issue 35): every facility's 園長 screen polls the ratio's fingerprint
 * (GET /api/staff/facilities/{id}/ratio-version) every BENCH_RATIO_POLL_MS (3,000: the staff app's
 * `ratioPollMs`, docs/decisions/staffing-live-ratio.md) and, as the app does, refetches the ratio
 * (GET …/ratio) when it moved, while the rush runs; BENCH_RATIO_FULL_POLL=1 polls the ratio itself
 * every time instead (the app before the fingerprint, for comparison). Probes at facilities
 * kept out of the rush post one arrival scan or one staff 打刻 (出勤, by 職員QR) at a time from their
 * gate kiosk and time from the POST's answer to the first of their 園長 screen's answers that
 * reflects it (the room's children one more, or the person at work). Issue: p99 ≤ 5 s.
 */
import { randomUUID } from 'node:crypto';
import type { RatioNow } from '@renraku/contract';
import { DEVICE_COOKIE } from '../src/lib/staff-sessions';
import { sleep } from './config';
import { staffQrToken } from './dataset-staff';
import { percentile } from './records-clients';

export const POLL_MS = Number(process.env.BENCH_RATIO_POLL_MS ?? 3000);
const FULL_POLL = process.env.BENCH_RATIO_FULL_POLL === '1';

export interface ProbeFacility {
  facilityId: number;
  kioskToken: string;
  children: { noteChildId: number; classId: number }[];
  staff: number[];
}

type Expectation = { check: (answer: RatioNow) => boolean; answered: number; resolve: (at: number) => void };

export function ratioScreens(
  origin: string,
  screens: { facilityId: number; cookie: string }[],
  probes: ProbeFacility[],
  xsrf: string,
) {
  let polling = true;
  let probing = false;
  const reads: number[] = [];
  let fullReads = 0;
  let readErrors = 0;
  const last = new Map<number, RatioNow>();
  const versions = new Map<number, string>();
  const waiting = new Map<number, Expectation[]>();
  const visible: { kind: 'scan' | '打刻'; ms: number }[] = [];
  const posts: number[] = [];
  let missed = 0;
  let rejected = 0;
  const notRecorded = new Map<string, number>();

  const get = async <T>(path: string, cookie: string): Promise<T> => {
    const response = await fetch(`${origin}/api/staff/facilities/${path}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(String(response.status));
    return (await response.json()) as T;
  };
  /** One poll of a screen: the fingerprint, and the ratio when it moved (the whole poll timed). */
  const read = async (facilityId: number, cookie: string): Promise<RatioNow | null> => {
    const started = performance.now();
    try {
      if (!FULL_POLL) {
        const { version } = await get<{ version: string }>(`${facilityId}/ratio-version`, cookie);
        const seen = last.get(facilityId);
        if (seen && versions.get(facilityId) === version) {
          reads.push(performance.now() - started);
          return seen;
        }
        versions.set(facilityId, version);
      }
      const answer = await get<RatioNow>(`${facilityId}/ratio`, cookie);
      fullReads++;
      reads.push(performance.now() - started);
      return answer;
    } catch {
      readErrors++;
      return null;
    }
  };

  const screen = async ({ facilityId, cookie }: { facilityId: number; cookie: string }) => {
    await sleep(Math.random() * POLL_MS);
    while (polling) {
      const next = performance.now() + POLL_MS;
      const answer = await read(facilityId, cookie);
      const at = performance.now();
      if (answer) {
        last.set(facilityId, answer);
        const pending = waiting.get(facilityId) ?? [];
        waiting.set(
          facilityId,
          pending.filter((e) => (e.check(answer) ? (e.resolve(Math.max(0, at - e.answered)), false) : true)),
        );
      }
      await sleep(Math.max(0, next - performance.now()));
    }
  };

  const post = async (probe: ProbeFacility, path: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${DEVICE_COOKIE}=${probe.kioskToken}; XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    posts.push(performance.now() - started);
    const status =
      response.status === 200
        ? (JSON.parse(text) as { results: { status: string }[] }).results[0]!.status
        : String(response.status);
    if (status !== 'recorded') notRecorded.set(status, (notRecorded.get(status) ?? 0) + 1);
    return status === 'recorded';
  };

  // Each child arrives once and each person clocks in once, over all the rush's rounds.
  const used = new Map(probes.map((p) => [p.facilityId, { child: 0, person: 0, n: 0 }]));
  const probe = async (p: ProbeFacility) => {
    const counters = used.get(p.facilityId)!;
    while (probing) {
      const n = counters.n++;
      const { child, person } = counters;
      const before = last.get(p.facilityId);
      if (!before) {
        await sleep(200);
        continue;
      }
      const now = new Date().toISOString();
      const kind = n % 2 === 0 && child < p.children.length ? 'scan' : person < p.staff.length ? '打刻' : 'scan';
      if (kind === 'scan' && child >= p.children.length) break;
      let check: (answer: RatioNow) => boolean;
      let recorded: boolean;
      if (kind === 'scan') {
        const { noteChildId, classId } = p.children[counters.child++]!;
        const had = before.rooms.find((r) => r.class_id === classId)?.children ?? 0;
        check = (answer) => (answer.rooms.find((r) => r.class_id === classId)?.children ?? 0) > had;
        recorded = await post(p, '/api/kiosk/scans', {
          sent_at: now,
          scans: [{ id: randomUUID(), note_child_id: noteChildId, kind: 'arrival', at: now, pickup: null }],
        });
      } else {
        const userId = p.staff[counters.person++]!;
        check = (answer) =>
          answer.rooms.some((r) => r.staff.some((s) => s.user_id === userId)) ||
          answer.unassigned.some((s) => s.user_id === userId);
        recorded = await post(p, '/api/kiosk/staff-clocks', {
          sent_at: now,
          entries: [{ id: randomUUID(), kind: 'in', at: now, staff: { type: 'qr', token: staffQrToken(userId) } }],
        });
      }
      if (!recorded) {
        rejected++;
        continue;
      }
      const answered = performance.now();
      const seen = await new Promise<number | null>((resolve) => {
        const list = waiting.get(p.facilityId) ?? [];
        list.push({ check, answered, resolve });
        waiting.set(p.facilityId, list);
        setTimeout(() => resolve(null), 30_000);
      });
      if (seen === null) missed++;
      else visible.push({ kind, ms: seen });
      await sleep(Math.random() * 1000);
    }
  };

  const screenRuns = screens.map(screen);
  let probeRuns: Promise<void>[] = [];
  return {
    startProbes() {
      probing = true;
      probeRuns = probes.map(probe);
    },
    async stopProbes() {
      probing = false;
      await Promise.all(probeRuns);
    },
    async stop() {
      polling = false;
      probing = false;
      await Promise.all([...screenRuns, ...probeRuns]);
    },
    report(): string[] {
      const all = visible.map((v) => v.ms);
      const of = (kind: 'scan' | '打刻') => visible.filter((v) => v.kind === kind).map((v) => v.ms);
      const fmt = (values: number[]) =>
        values.length
          ? `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length})`
          : 'none';
      return [
        `live ratio: ${screens.length} 園長 screens polling ${FULL_POLL ? 'the ratio' : 'ratio-version'} every ${POLL_MS} ms: ${reads.length} polls (${fullReads} fetched the ratio), ${fmt(reads)}, errors ${readErrors}`,
        `live ratio: probes at ${probes.length} facilities kept out of the rush: POST answered ${fmt(posts)}; not recorded ${rejected}${rejected ? ` (${[...notRecorded].map(([k, n]) => `${k} ×${n}`).join(', ')})` : ''}`,
        `live ratio: POST answered → the 園長 screen shows it: ${fmt(all)}; scans ${fmt(of('scan'))}; 打刻 ${fmt(of('打刻'))}; never shown (30 s) ${missed}`,
      ];
    },
    /** The p99 from the POST's answer to the screen (NaN without samples) and the probes never shown. */
    result: () => ({
      p99: percentile(
        visible.map((v) => v.ms),
        99,
      ),
      missed,
      samples: visible.length,
    }),
  };
}
