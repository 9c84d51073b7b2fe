import { kioskMessages } from '@renraku/contract/staff';
import { newScan } from './day';
import { appendScans, kioskStore, updateScans } from './store';
import { sendPending } from './sync';
import type { RosterChild, StaffProof } from './types';

/**
 * A one-time pick-up code, checked at the server only (issue 30; the roster carries no code: a
 * 6-digit code's hash is reversed offline in milliseconds). Offline it is refused with a clear
 * message. The scan is kept and sent at once; answers null once recorded, else the message (a
 * refused code is shown here, not again under 「記録されなかった読み取り」).
 */
export async function pickUpByCode(child: RosterChild, code: string, staff: StaffProof): Promise<string | null> {
  if (!/^\d{6}$/.test(code)) return 'お迎えコードは6桁の数字で入力してください';
  if (!navigator.onLine) return kioskMessages.codeOffline;
  const scan = newScan(child, 'pickup', { type: 'code', code }, new Date(), 'touch', staff);
  await appendScans([scan]);
  const answered = () => kioskStore.snapshot().scans.find((s) => s.id === scan.id);
  await sendPending();
  // A round that was already running did not take it: one more.
  if (answered()?.status === 'pending') await sendPending();
  const after = answered();
  if (after?.status === 'recorded' || after?.status === 'duplicate') return null;
  if (after?.status === 'rejected' || after?.status === 'ignored_repeat') {
    await updateScans((scans) => scans.map((s) => (s.id === scan.id ? { ...s, acknowledged: true } : s)));
    return after.message ?? kioskMessages.codeInvalid;
  }
  return '通信できませんでした。この記録は未同期として送信を続けます（結果は「記録されなかった読み取り」に出ます）';
}
