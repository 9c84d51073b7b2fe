import { Alert, Box, Button, Group, Paper, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { tokyoTime } from '@renraku/contract/dates';
import { STAFF_QR_PREFIX } from '@renraku/contract/staff';
import { Loading } from '@renraku/ui/loading';
import { usePageTitle } from '../../../lib/page-title';
import { CameraPanel } from '../components/camera-panel';
import { ChildPicker } from '../components/child-picker';
import { DeviceRefused, NoRoster } from '../components/kiosk-blocked';
import { KioskHeader } from '../components/kiosk-header';
import { GateStaffClock } from '../components/gate-staff-clock';
import { StaffIdentify } from '../components/staff-identify';
import { type KioskMode } from '../components/mode-toggle';
import { PickupPanel } from '../components/pickup-panel';
import { Problems } from '../components/problems';
import { ScanResult, type ResultView } from '../components/scan-result';
import { pickUpByCode } from '../lib/code-pickup';
import { childByToken, childDay, newScan, staffByQr } from '../lib/day';
import { GATE_STAFF_MS, identifyByPin, useGateStaff, type GateStaff } from '../lib/gate-staff';
import { useNow, useOnline } from '../lib/hooks';
import { registerKioskServiceWorker } from '../lib/register-sw';
import { useQrScanner } from '../lib/scanner';
import { eligibleSiblings as siblingsFor, scanStep, siblingScans, staleRosterDate } from '../lib/scan-step';
import { acknowledgeProblems, appendScans, kioskStore, loadKioskState, pruneScans, pruneStaffClocks } from '../lib/store';
import { refreshRoster, sendPending, syncStatusStore } from '../lib/sync';
import type { KioskStaff, Pickup, RosterChild, ScanKind, ScanVia } from '../lib/types';

/** The result stays this long (ms); longer while siblings are offered. */
const RESULT_MS = 2_000;
const RESULT_WITH_SIBLINGS_MS = 8_000;
/** Pending scans are tried again this often while some wait (besides the browser's `online`). */
const RETRY_MS = 15_000;
/** The roster is fetched again this often (new children, codes, pick-up persons). */
const ROSTER_MS = 5 * 60_000;

/**
 * `/staff/kiosk` on the gate tablet (staff.md §6; docs/decisions/kiosk-offline-app.md): the camera
 * reads the guardians' QR codes, or a touch on a name; every scan is kept on the device first and
 * sent when the network allows. The device credential alone opens it (no PIN: the gate stays open).
 */
export function KioskPage() {
  usePageTitle('登降園受付');
  const { roster: cached, scans, staffClocks, loaded } = useSyncExternalStore(kioskStore.subscribe, kioskStore.snapshot);
  const sync = useSyncExternalStore(syncStatusStore.subscribe, syncStatusStore.snapshot);
  const online = useOnline();
  const now = useNow(10_000);
  const [mode, setMode] = useState<KioskMode>('auto');
  const [result, setResult] = useState<ResultView | null>(null);
  const [pickupFor, setPickupFor] = useState<{ child: RosterChild; staff: GateStaff } | null>(null);
  // Who confirms (issue 29): a touch, a pick-up and a code wait for a named staff member.
  const gate = useGateStaff();
  const { identify } = gate;
  const [askStaff, setAskStaff] = useState<{ reason: string | null; then: ((staff: GateStaff) => void) | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Staff 打刻 (docs/decisions/staffing-kiosk-clock.md): the named person's panel.
  const [clockFor, setClockFor] = useState<GateStaff | null>(null);
  const roster = cached?.roster ?? null;

  // Start: what the device kept, then the server's roster and the pending scans; retried on `online`.
  useEffect(() => {
    registerKioskServiceWorker();
    void loadKioskState().then(async () => {
      await Promise.all([pruneScans(new Date()), pruneStaffClocks(new Date())]);
      await refreshRoster();
      await sendPending();
    });
    const onOnline = () => void refreshRoster().then(() => sendPending());
    window.addEventListener('online', onOnline);
    const retry = setInterval(() => {
      const { scans: all, staffClocks: clocks } = kioskStore.snapshot();
      if ([...all, ...clocks].some((s) => s.status === 'pending')) void sendPending();
    }, RETRY_MS);
    const rosterTimer = setInterval(() => void refreshRoster(), ROSTER_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(retry);
      clearInterval(rosterTimer);
    };
  }, []);

  // The result closes by itself; a notice too.
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), result.siblings.length > 0 ? RESULT_WITH_SIBLINGS_MS : RESULT_MS);
    return () => clearTimeout(timer);
  }, [result]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 6_000);
    return () => clearTimeout(timer);
  }, [notice]);

  const dayOf = useCallback((child: RosterChild) => childDay(child, scans, new Date()), [scans]);

  const record = useCallback(async (made: ReturnType<typeof newScan>[]) => {
    await appendScans(made);
    if (navigator.onLine) void sendPending();
  }, []);

  /** Siblings the same tap may also record (lib/scan-step.ts), counting the scan just made. */
  const eligibleSiblings = (child: RosterChild, kind: ScanKind, pickup: Pickup, at: Date, also: ReturnType<typeof newScan>[]) =>
    roster ? siblingsFor(roster, child, kind, pickup, at, [...kioskStore.snapshot().scans, ...also]) : [];

  // The latest state for the scanner's callback (it lives as long as the camera).
  const latest = useRef({ roster, mode, pickupFor, result, askStaff, staff: gate.staff });
  useEffect(() => {
    latest.current = { roster, mode, pickupFor, result, askStaff, staff: gate.staff };
  }, [roster, mode, pickupFor, result, askStaff, gate.staff]);

  /** Runs `then` with the staff member the gate names, asking for one first when none is. */
  const withStaff = useCallback((reason: string, then: (staff: GateStaff) => void) => {
    const staff = latest.current.staff;
    if (staff) then(staff);
    else setAskStaff({ reason, then });
  }, []);

  const identified = useCallback(
    (who: Omit<GateStaff, 'until'>, until?: number) => {
      const staff = { ...who, until: until ?? Date.now() + GATE_STAFF_MS };
      identify(who, staff.until);
      const then = latest.current.askStaff?.then;
      setAskStaff(null);
      setNotice(null);
      then?.(staff);
    },
    // (`identify` is stable: the scanner's callback must not change with every render, else it
    // forgets the code in view and reads it again.)
    [identify],
  );

  const onPin = async (person: KioskStaff, pin: string) => {
    const named = await identifyByPin(person, pin);
    if (typeof named === 'string') return named;
    identified(named.who, named.until);
    return null;
  };

  const recordArrival = async (child: RosterChild, via: ScanVia, staff: GateStaff | null, at: Date) => {
    const scan = newScan(child, 'arrival', null, at, via, staff?.proof ?? null);
    setResult({
      kind: 'arrival',
      time: tokyoTime(at),
      children: [child],
      siblings: eligibleSiblings(child, 'arrival', null, at, [scan]),
    });
    await record([scan]);
  };

  const handleChild = useCallback(
    async (child: RosterChild, via: ScanVia) => {
      const at = new Date();
      const next = scanStep(child, kioskStore.snapshot().scans, at, latest.current.mode, via);
      if (next.step === 'repeat' || next.step === 'done') return setNotice(next.notice);
      setNotice(null);
      if (next.step === 'pickup') {
        setResult(null);
        withStaff(`${child.name}さんの降園`, (staff) => setPickupFor({ child, staff }));
        return;
      }
      if (next.needsStaff) withStaff(`${child.name}さんの登園`, (staff) => void recordArrival(child, via, staff, new Date()));
      else await recordArrival(child, via, null, at);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [record, roster, withStaff],
  );

  const onCode = useCallback(
    async (text: string) => {
      const current = latest.current;
      if (!current.roster || current.pickupFor) return;
      // A staff member's own QR names them (offline too: a keyed hash in the roster).
      if (text.trim().startsWith(STAFF_QR_PREFIX)) {
        const found = await staffByQr(current.roster, text);
        if (!found) return setNotice('この職員QRは使えません。再発行されたか、この施設の職員のものではありません');
        const who = { user_id: found.staff.user_id, name: found.staff.name, proof: { type: 'qr' as const, token: found.token } };
        // At the idle gate a 職員QR opens the person's 打刻 too (a pending confirmation just names them).
        const idle = !current.askStaff && !current.result;
        identified(who);
        if (idle) setClockFor({ ...who, until: Date.now() + GATE_STAFF_MS });
        return;
      }
      if (current.askStaff) return;
      const child = await childByToken(current.roster, text);
      if (!child) {
        setNotice('このQRコードは本日の名簿にありません。名前をタッチして記録してください');
        return;
      }
      await handleChild(child, 'qr');
    },
    [handleChild, identified],
  );
  // The camera can be turned off (glare, touch-only use); the choice stays on the tablet.
  const [cameraOn, setCameraOn] = useLocalStorage({
    key: 'renraku.kiosk.camera',
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const { videoRef, camera } = useQrScanner((text) => void onCode(text), cameraOn);

  const choosePickup = async (child: RosterChild, pickup: Pickup, by: string, staff: GateStaff) => {
    const at = new Date();
    const scan = newScan(child, 'pickup', pickup, at, 'touch', staff.proof);
    setPickupFor(null);
    setResult({
      kind: 'pickup',
      time: tokyoTime(at),
      children: [child],
      siblings: eligibleSiblings(child, 'pickup', pickup, at, [scan]),
      by,
    });
    await record([scan]);
  };

  const siblingsToo = async () => {
    if (!result || result.siblings.length === 0) return;
    // The siblings as the first child: the same pick-up, the same way, the same staff member.
    const made = siblingScans(result.children[0]!, result.siblings, result.kind, kioskStore.snapshot().scans, new Date());
    setResult({ ...result, children: [...result.children, ...result.siblings], siblings: [] });
    await record(made);
  };

  const pending = [...scans, ...staffClocks].filter((s) => s.status === 'pending').length;
  const problems = scans.filter((s) => (s.status === 'rejected' || s.status === 'ignored_repeat') && !s.acknowledged);
  const clockProblems = staffClocks.filter((c) => c.status === 'rejected' && !c.acknowledged);

  if (!loaded) return <Loading />;
  if (sync.device) return <DeviceRefused problem={sync.device} pending={pending} />;
  if (!roster) {
    if (online && !sync.rosterFailed) return <Loading />;
    return <NoRoster onRetry={() => void refreshRoster()} />;
  }

  const skewMinutes = sync.skewMs !== null && Math.abs(sync.skewMs) > 60_000 ? Math.round(Math.abs(sync.skewMs) / 60_000) : 0;

  return (
    <Box p="md" h="100dvh" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <KioskHeader
        facilityName={roster.facility.name}
        now={now}
        mode={mode}
        onMode={setMode}
        staff={gate.staff}
        onIdentify={() => setAskStaff({ reason: null, then: null })}
        onForget={gate.forget}
        pending={pending}
        online={online}
        sending={sync.sending}
        staleDate={staleRosterDate(roster, now)}
        skewMinutes={skewMinutes}
      />
      <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Stack w={400} gap="sm" style={{ flexShrink: 0 }}>
          <CameraPanel videoRef={videoRef} camera={camera} cameraOn={cameraOn} onToggle={() => setCameraOn(!cameraOn)} />
          <Button size="lg" variant="default" onClick={() => setAskStaff({ reason: '打刻', then: setClockFor })}>
            職員の打刻（出勤・退勤）
          </Button>
          {notice && (
            <Alert color="brand.8" variant="filled" role="alert" styles={{ message: { fontSize: 18 } }}>
              {notice}
            </Alert>
          )}
          <Problems
            scans={problems}
            clocks={clockProblems}
            onAcknowledge={() => void acknowledgeProblems(problems.map((p) => p.id))}
          />
        </Stack>
        <Paper withBorder radius="md" p="sm" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <ChildPicker children={roster.children} dayOf={dayOf} onPick={(child) => void handleChild(child, 'touch')} />
        </Paper>
      </Group>
      {pickupFor && (
        <PickupPanel
          child={pickupFor.child}
          onCancel={() => setPickupFor(null)}
          onChoose={(pickup, by) => void choosePickup(pickupFor.child, pickup, by, pickupFor.staff)}
          onCode={async (code) => {
            const failed = await pickUpByCode(pickupFor.child, code, pickupFor.staff.proof);
            if (failed) return failed;
            setPickupFor(null);
            const children = [pickupFor.child];
            setResult({ kind: 'pickup', time: tokyoTime(new Date()), children, siblings: [], by: 'お迎えコード' });
            return null;
          }}
        />
      )}
      {askStaff && (
        <StaffIdentify
          staff={roster.staff}
          online={online}
          reason={askStaff.reason}
          onPin={onPin}
          onCancel={() => setAskStaff(null)}
        />
      )}
      {clockFor && (
        <GateStaffClock
          person={clockFor}
          staff={roster.staff}
          onClose={() => setClockFor(null)}
          onDone={(message) => {
            setClockFor(null);
            setNotice(message);
          }}
        />
      )}
      {result && <ScanResult result={result} onSiblings={() => void siblingsToo()} onClose={() => setResult(null)} />}
    </Box>
  );
}
