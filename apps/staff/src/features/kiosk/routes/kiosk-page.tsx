import { Alert, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { tokyoDate, tokyoTime } from '@renraku/contract/dates';
import { Loading } from '../../../components/loading';
import { usePageTitle } from '../../../lib/page-title';
import { ChildPicker } from '../components/child-picker';
import { ModeToggle, type KioskMode } from '../components/mode-toggle';
import { PickupPanel } from '../components/pickup-panel';
import { Problems } from '../components/problems';
import { KIND_LABEL, ScanResult, type ResultView } from '../components/scan-result';
import { SyncBadge } from '../components/sync-badge';
import { checkCode, childByToken, childDay, newScan, nextKind, recentScan, siblingPickup, siblingsOf } from '../lib/day';
import { registerKioskServiceWorker } from '../lib/register-sw';
import { useQrScanner } from '../lib/scanner';
import { appendScans, kioskStore, loadKioskState, pruneScans, rememberUsedCode, updateScans } from '../lib/store';
import { refreshRoster, sendPending, syncStatusStore } from '../lib/sync';
import type { Pickup, RosterChild, ScanKind } from '../lib/types';

/** The result stays this long (ms); longer while siblings are offered. */
const RESULT_MS = 2_000;
const RESULT_WITH_SIBLINGS_MS = 8_000;
/** Pending scans are tried again this often while some wait (besides the browser's `online`). */
const RETRY_MS = 15_000;
/** The roster is fetched again this often (new children, codes, pick-up persons). */
const ROSTER_MS = 5 * 60_000;

function useOnline() {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

function useNow(ms: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * `/staff/kiosk` on the gate tablet (staff.md §6; docs/decisions/kiosk-offline-app.md): the camera
 * reads the guardians' QR codes, or a touch on a name; every scan is kept on the device first and
 * sent when the network allows. The device credential alone opens it (no PIN: the gate stays open).
 */
export function KioskPage() {
  usePageTitle('登降園受付');
  const { roster: cached, scans, usedCodes, loaded } = useSyncExternalStore(kioskStore.subscribe, kioskStore.snapshot);
  const sync = useSyncExternalStore(syncStatusStore.subscribe, syncStatusStore.snapshot);
  const online = useOnline();
  const now = useNow(10_000);
  const [mode, setMode] = useState<KioskMode>('auto');
  const [result, setResult] = useState<ResultView | null>(null);
  const [pickupFor, setPickupFor] = useState<RosterChild | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const roster = cached?.roster ?? null;

  // Start: what the device kept, then the server's roster and the pending scans; retried on `online`.
  useEffect(() => {
    registerKioskServiceWorker();
    void loadKioskState().then(async () => {
      await pruneScans(new Date());
      await refreshRoster();
      await sendPending();
    });
    const onOnline = () => void refreshRoster().then(() => sendPending());
    window.addEventListener('online', onOnline);
    const retry = setInterval(() => {
      if (kioskStore.snapshot().scans.some((s) => s.status === 'pending')) void sendPending();
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

  /** Siblings the same tap may also record: not yet at this step today, not scanned within the minute. */
  const eligibleSiblings = (
    child: RosterChild,
    kind: ScanKind,
    pickup: Pickup,
    at: Date,
    also: ReturnType<typeof newScan>[] = [],
  ) => {
    if (!roster) return [];
    const all = [...kioskStore.snapshot().scans, ...also];
    return siblingsOf(roster, child).filter((s) => {
      const day = childDay(s, all, at);
      if (recentScan(s.note_child_id, all, at)) return false;
      if (kind === 'arrival') return !day.arrivedAt;
      return day.arrivedAt !== null && !day.pickedUpAt && siblingPickup(pickup, child, s) !== undefined;
    });
  };

  // The latest state for the scanner's callback (it lives as long as the camera).
  const latest = useRef({ roster, mode, pickupFor, result });
  useEffect(() => {
    latest.current = { roster, mode, pickupFor, result };
  }, [roster, mode, pickupFor, result]);

  const handleChild = useCallback(
    async (child: RosterChild) => {
      const at = new Date();
      const all = kioskStore.snapshot().scans;
      const recent = recentScan(child.note_child_id, all, at);
      if (recent) {
        setNotice(
          `${child.name}さんは${tokyoTime(recent.at)}に${KIND_LABEL[recent.kind]}を記録済みです。1分以内の読み取りは記録しません`,
        );
        return;
      }
      const kind = nextKind(childDay(child, all, at), latest.current.mode);
      if (!kind) {
        setNotice(`${child.name}さんは本日降園済みです。記録し直すときは「登園」「降園」を選んでください`);
        return;
      }
      setNotice(null);
      if (kind === 'pickup') {
        setResult(null);
        setPickupFor(child);
        return;
      }
      const scan = newScan(child, 'arrival', null, at);
      setResult({ kind, time: tokyoTime(at), children: [child], siblings: eligibleSiblings(child, kind, null, at, [scan]) });
      await record([scan]);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [record, roster],
  );

  const onCode = useCallback(
    async (text: string) => {
      const current = latest.current;
      if (!current.roster || current.pickupFor) return;
      const child = await childByToken(current.roster, text);
      if (!child) {
        setNotice('このQRコードは本日の名簿にありません。名前をタッチして記録してください');
        return;
      }
      await handleChild(child);
    },
    [handleChild],
  );
  // The camera can be turned off (glare, touch-only use); the choice stays on the tablet.
  const [cameraOn, setCameraOn] = useLocalStorage({
    key: 'renraku.kiosk.camera',
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const { videoRef, camera } = useQrScanner((text) => void onCode(text), cameraOn);

  const choosePickup = async (child: RosterChild, pickup: Pickup, by: string) => {
    const at = new Date();
    const scan = newScan(child, 'pickup', pickup, at);
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
    const at = new Date();
    const [first] = result.children;
    const pickup = kioskStore.snapshot().scans.findLast((s) => s.note_child_id === first!.note_child_id)?.pickup ?? null;
    const made = result.siblings.map((s) =>
      newScan(s, result.kind, result.kind === 'pickup' ? (siblingPickup(pickup, first!, s) ?? null) : null, at),
    );
    setResult({ ...result, children: [...result.children, ...result.siblings], siblings: [] });
    await record(made);
  };

  const pending = scans.filter((s) => s.status === 'pending').length;
  const problems = scans.filter((s) => (s.status === 'rejected' || s.status === 'ignored_repeat') && !s.acknowledged);

  if (!loaded) return <Loading />;
  if (sync.device) {
    return (
      <Container size="sm" py={48}>
        <Stack align="center" gap="md" role="alert">
          <Title order={1} size="h2">
            登降園受付
          </Title>
          <Text>
            {sync.device === 'unpaired'
              ? 'この端末は登録されていないか、登録が解除されました。職員室のパソコンの「端末」画面で受付用の端末を追加し、ペアリングしてください。'
              : 'この端末は受付用（玄関）として登録されていません。職員室のパソコンの「端末」画面で用途を「受付」にした端末を追加してください。'}
          </Text>
          {pending > 0 && <Text fw={700}>未送信の記録が{pending}件この端末に残っています。</Text>}
          <Button component={Link} to="/pair" size="lg">
            ペアリングする
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!roster) {
    if (online && !sync.rosterFailed) return <Loading />;
    return (
      <Container size="sm" py={48}>
        <Stack align="center" gap="md" role="alert">
          <Title order={1} size="h2">
            登降園受付
          </Title>
          <Text>名簿をまだこの端末に読み込めていません。通信できるところで開いてください。</Text>
          <Button size="lg" onClick={() => void refreshRoster()}>
            再読み込み
          </Button>
        </Stack>
      </Container>
    );
  }

  const stale = roster.date !== tokyoDate(now);
  const skewMinutes = sync.skewMs !== null && Math.abs(sync.skewMs) > 60_000 ? Math.round(Math.abs(sync.skewMs) / 60_000) : 0;

  return (
    <Box p="md" h="100dvh" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Title order={1} size="h2">
            登降園受付
          </Title>
          <Text size="sm">
            {roster.facility.name}・{tokyoTime(now)}
          </Text>
        </div>
        <ModeToggle mode={mode} onChange={setMode} />
        <SyncBadge pending={pending} online={online} sending={sync.sending} />
      </Group>
      {stale && (
        <Alert color="orange" variant="light" py={6}>
          名簿が{roster.date}のものです。通信が戻ると更新します。
        </Alert>
      )}
      {skewMinutes > 0 && (
        <Alert color="orange" variant="light" py={6}>
          端末の時計が{skewMinutes}分ずれています。端末の日時設定を確認してください。
        </Alert>
      )}
      <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Stack w={400} gap="sm" style={{ flexShrink: 0 }}>
          <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden', background: '#111' }} h={300}>
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label="QRコード読み取りカメラ"
              style={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                display: camera === 'on' || camera === 'starting' ? 'block' : 'none',
              }}
            />
            {camera === 'unavailable' && (
              <Text c="white" p="md">
                カメラを使えません。名前をタッチして記録してください。
              </Text>
            )}
            {camera === 'off' && (
              <Text c="white" p="md">
                カメラは止まっています。
              </Text>
            )}
          </Paper>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="md">
              {camera === 'on' ? 'QRコードをかざしてください' : '名前をタッチして記録'}
            </Text>
            <Button variant="default" onClick={() => setCameraOn(!cameraOn)} style={{ flexShrink: 0 }}>
              {cameraOn ? 'カメラを止める' : 'カメラを使う'}
            </Button>
          </Group>
          {notice && (
            <Alert color="brand.8" variant="filled" role="alert" styles={{ message: { fontSize: 18 } }}>
              {notice}
            </Alert>
          )}
          <Problems
            scans={problems}
            onAcknowledge={() =>
              void updateScans((all) => all.map((s) => (problems.some((p) => p.id === s.id) ? { ...s, acknowledged: true } : s)))
            }
          />
        </Stack>
        <Paper withBorder radius="md" p="sm" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <ChildPicker children={roster.children} dayOf={dayOf} onPick={(child) => void handleChild(child)} />
        </Paper>
      </Group>
      {pickupFor && (
        <PickupPanel
          child={pickupFor}
          onCancel={() => setPickupFor(null)}
          onChoose={(pickup, by) => void choosePickup(pickupFor, pickup, by)}
          onCode={async (code) => {
            let checked = await checkCode(roster, pickupFor.note_child_id, code, usedCodes, new Date());
            // A code issued after the last roster: ask the server for the roster once, then again.
            if (!checked.ok && navigator.onLine && (await refreshRoster())) {
              const fresh = kioskStore.snapshot().roster?.roster;
              if (fresh)
                checked = await checkCode(fresh, pickupFor.note_child_id, code, kioskStore.snapshot().usedCodes, new Date());
            }
            if (!checked.ok) return checked.message;
            await rememberUsedCode(checked.hash);
            await choosePickup(pickupFor, { type: 'code', code }, `${checked.name}（お迎えコード）`);
            return null;
          }}
        />
      )}
      {result && <ScanResult result={result} onSiblings={() => void siblingsToo()} onClose={() => setResult(null)} />}
    </Box>
  );
}
