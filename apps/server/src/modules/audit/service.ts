import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AUDIT_VIEW_HEADER, tokyoInstant, addDays, type AuditEntry } from '@renraku/contract';
import { toCsv } from '../../lib/csv';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { auditLog, children, devices, users } from '../../db/schema';
import type { StaffViewer } from '../access';

/** What was done, in Japanese for the director's screen and the CSV. */
/** Every action the log records, with the label the audit screen shows (an action without one does not compile). */
export const auditActionLabels = {
  'child.read': '園児情報の閲覧',
  'child.create': '園児の登録',
  'child.update': '園児情報の変更',
  'children.import': '園児のCSV取込',
  'child.registration.issue': '登録用URLの発行',
  'child.guardian.unlink': '保護者の紐付け解除',
  'child.guardians.read': '保護者情報の閲覧',
  'child.pickup.read': 'お迎え登録者の閲覧',
  'child.pickup.create': 'お迎え登録者の登録',
  'child.pickup.update': 'お迎え登録者の変更・承認',
  'child.pickup.delete': 'お迎え登録者の削除',
  'child.pickup.approve': 'お迎え登録者の申請の承認',
  'child.pickup.reject': 'お迎え登録者の申請の却下',
  'child.pickup.photo.update': 'お迎え登録者の写真の登録',
  'child.pickup.photo.delete': 'お迎え登録者の写真の削除',
  'child.photo.update': '園児の写真の登録',
  'child.photo.delete': '園児の写真の削除',
  'class.create': 'クラスの作成',
  'class.update': 'クラスの変更',
  'class.promotion': 'クラスの進級',
  'facility.update': '施設情報の変更',
  'facility.closed_day.create': '休園日の追加',
  'facility.closed_day.delete': '休園日の削除',
  'facility.functions.update': '利用する機能の変更',
  'facility.banner.create': 'バナーの追加',
  'facility.banner.delete': 'バナーの削除',
  'facility.promotion': '進級の確定',
  'facility.create': '施設の追加',
  'facility.manual_banner.update': 'マニュアルバナーの変更',
  'facility.manual_banner.delete': 'マニュアルバナーの削除',
  'device.pairing.issue': 'ペアリングコードの発行',
  'device.pair': '端末のペアリング',
  'device.revoke': '端末の登録解除',
  'staff.pin.set': 'PINの設定',
  'staff.pin.reset': 'PINのリセット',
  'staff.totp.enable': '二段階認証の有効化',
  'staff.member.invite': '職員の招待',
  'staff.member.update': '職員の所属の変更',
  'staff.member.end': '職員の所属の終了',
  'staff.member.chief_set': '主任の指定',
  'staff.member.chief_clear': '主任の解除',
  'staff.unlock': '端末でのPIN解除',
  'staff.qr.issue': '職員QRの発行',
  'staff.qr.revoke': '職員QRの無効化',
  'kiosk.roster.read': '受付端末の名簿の読み込み',
  'kiosk.staff.identify': '受付端末での職員確認（PIN）',
  'kiosk.arrival': '受付端末での登園記録',
  'kiosk.pickup': '受付端末での降園記録',
  'kiosk.staff.clock': '受付端末での職員の打刻',
  'staffing.clock': '打刻',
  'staffing.correction.add': '打刻の追加（修正）',
  'staffing.correction.void': '打刻の取消',
  'staffing.room.move': '部屋の移動',
  'staffing.settings.update': '配置基準の設定の変更',
  'staffing.shift_pattern.create': 'シフトパターンの追加',
  'staffing.shift.set': 'シフトの入力',
  'staffing.shift.publish': 'シフトの公開',
  'staffing.wishes.update': '希望休の送信',
  'staffing.conditions.update': '勤務条件の変更',
  'staffing.work_records.export': '勤務実績CSVの出力',
  'staffing.report.export': '配置の月次報告CSVの出力',
  'event.create': '行事の追加',
  'event.update': '行事の変更',
  'event.delete': '行事の削除',
  'daily_note.publish': '連絡帳の公開・修正',
  'daily_note.draft': '連絡帳の下書き保存',
  'photo.upload': '写真のアップロード',
  'photo.remove': '写真の取り消し',
  'growth.record': '身体測定の記録',
  'notice.create': 'お知らせの作成',
  'notice.update': 'お知らせの変更（配信前）',
  'notice.update_released': 'お知らせの変更（配信後）',
  'notice.withdraw': 'お知らせの取り下げ',
  'notice.file_add': 'お知らせへのファイル添付',
  'notice.file_delete': 'お知らせのファイル削除',
  'notice.remind': 'お知らせのリマインド',
  'day.report.confirm': '欠席・時間変更の確認',
  'day.contact_book.confirm': '保護者の連絡帳の確認',
  'day.contact_book.reply': '保護者の連絡帳への返信',
  'day.attendance.update': '登降園時刻の記録',
  'schedule_window.create': '予定登録の受付開始',
  'schedule_window.update': '予定登録の受付の変更',
  'schedule_window.close': '予定登録の受付終了',
  'schedule_window.remind': '予定未登録の催促',
  'nap.settings.update': '午睡チェック間隔の変更',
  'nap.start': '午睡の開始',
  'nap.end': '午睡の終了',
  'nap.check': '午睡チェック',
  'record.create': '計画・記録の作成',
  'record.edit': '計画・記録の編集',
  'record.submit': '計画・記録の提出',
  'record.approve': '計画・記録の承認',
  'record.return': '計画・記録の差し戻し',
  'record.reopen': '計画・記録の修正版の作成',
  'record.read': '計画・記録の印刷・PDF出力',
  'record.archive': '監査用ZIPの出力（クラスの年度の計画・記録）',
  'record.archive_request': '監査用ZIPの作成依頼',
  'record.archive_download': '監査用ZIPのダウンロード',
  'record.view': '園児の記録（経過記録・個別指導計画）の閲覧',
  'record.settings.update': '計画・記録の設定（期）の変更',
  'record.template.update': '計画・記録の様式の変更',
  'record.rollover': '年度更新（全体的な計画・年間指導計画の作成）',
  'child_record.read': '児童票の閲覧（画面・PDF）',
  'yoroku.read': '保育所児童保育要録の閲覧（画面・PDF・ZIP・入所に関する記録）',
  'record.yoroku_focus': '要録の最終年度の重点の変更',
  'child_record.update': '児童票の変更',
  'record.phrase.create': '文例の追加',
  'record.phrase.delete': '文例の削除',
  'notice.tracking.read': 'お知らせの既読・回答状況の閲覧',
  'notice.tracking.csv': 'お知らせの既読・回答状況のCSV出力',
  'day.board.read': 'クラスボードの閲覧（欠席の病名・アレルギー）',
  'daily_notes.class.read': '記録入力の閲覧（アレルギー）',
  'day.inbox.read': '受信箱の閲覧（欠席の病名）',
  'staff.pin.lock': 'PINの誤入力による職員のロック',
  'device.pin.lock': 'PINの誤入力による端末のロック',
  'staffing.shift.generate': 'シフト案の自動作成',
  'billing.settings.update': '料金設定の変更',
  'billing.item.create': '実費品目の追加',
  'billing.item.consent': '実費の同意の記録（書面）',
  'billing.item.withdrawal': '実費の同意の取り下げの記録（書面）',
  'billing.child.update': '園児の請求情報の変更',
  'billing.adjustment': '請求の調整の追加',
  'billing.close': '請求の確定・発行',
  'billing.payment': '入金の記録',
  'billing.carry': '未収金の翌月への繰越',
  'billing.account.update': '口座振替の口座の登録・変更',
  'billing.account.registered': '口座振替の口座の登録済・未登録の変更',
  'billing.account.debit_form': '預金口座振替依頼書（PDF）の出力',
  'billing.debit.settings': '口座振替の委託者設定の変更',
  'billing.debit.request': '口座振替依頼ファイルの作成',
  'billing.debit.withdraw': '口座振替依頼の取り下げ',
  'billing.debit.import': '振替結果の取り込み',
  'billing.transfer.import': '入出金明細の取り込み',
  'billing.transfer.assign': '振込入金の請求への割り当て',
  'billing.transfer.dismiss': '振込入金を請求以外として記録',
  'billing.books.export': '請求・入金の月次CSVの出力',
  'billing.journal.export': '仕訳CSV（弥生会計）の出力',
  'billing.sibling_discount.update': '兄弟姉妹割引の設定の変更',
  'billing.temporary_rates.update': '一時預かり料金の設定の変更',
  'billing.temporary_use.create': '一時預かりの利用の記録',
  'billing.temporary_use.delete': '一時預かりの利用の記録の取り消し',
  'billing.temporary_booking.create': '一時預かりの予約',
  'billing.temporary_booking.cancel': '一時預かりの予約の取り消し',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof auditActionLabels;

export interface AuditInput {
  companyId: number;
  facilityId: number | null;
  action: AuditAction;
  targetType: string;
  targetId?: number | null;
  childId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * Appends one entry (staff.md §2): pass the transaction of the action itself, so that the action
 * and its entry are written together or not at all.
 */
export async function recordAudit(db: Db, staff: StaffViewer, now: Date, entry: AuditInput): Promise<void> {
  if (staff.auditView && childRecordReads.has(entry.action)) return recordPageView(db, staff, now, entry, staff.auditView);
  await recordAudits(db, staff, now, [entry]);
}

/** The reads the child's page makes when it opens: the record, its guardians, its pick-up persons. */
const childRecordReads = new Set(['child.read', 'child.guardians.read', 'child.pickup.read']);
const PAGE_VIEW_LOCK = 5032;
/** A page view id is honoured this long: a client reusing one later is logged again. */
const PAGE_VIEW_MS = 30 * 60 * 1000;

/**
 * One page open is one `child.read` entry (issue 29), however many of the page's calls arrive and
 * however often they refetch: the calls carry the page's view id and the first one writes the
 * entry. The page's parallel calls meet at an advisory lock (held to their transactions' end), so
 * the second sees the first's entry. A client reusing an id only folds its own reads of the same
 * child within 30 minutes: who read the child, and when first, stays in the log.
 */
async function recordPageView(db: Db, staff: StaffViewer, now: Date, entry: AuditInput, view: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${PAGE_VIEW_LOCK}, hashtext(${`${staff.userId}:${view}`}))`);
  const [seen] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.childId, entry.childId ?? 0),
        eq(auditLog.userId, staff.userId),
        eq(auditLog.action, 'child.read'),
        sql`${auditLog.details} ->> 'view' = ${view}`,
        sql`${auditLog.at} > ${new Date(now.getTime() - PAGE_VIEW_MS)}`,
      ),
    )
    .limit(1);
  if (seen) return;
  await recordAudits(db, staff, now, [{ ...entry, action: 'child.read', details: { ...entry.details, view } }]);
}

/** The page view id of a request: a client's random id, ignored unless it looks like one. */
export function auditViewOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[AUDIT_VIEW_HEADER];
  return typeof value === 'string' && /^[A-Za-z0-9-]{16,64}$/.test(value) ? value : undefined;
}

/** Several entries of one action in one statement (a class's 公開: one entry per child, bounded queries). */
export async function recordAudits(db: Db, staff: StaffViewer, now: Date, entries: AuditInput[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      companyId: entry.companyId,
      facilityId: entry.facilityId,
      at: now,
      userId: staff.userId,
      deviceId: staff.deviceId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      childId: entry.childId ?? null,
      ip: staff.ip,
      details: entry.details ?? null,
    })),
  );
}

export interface AuditFilter {
  user_id?: number;
  child_id?: number;
  date?: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** Entries about the child: its own (`child_id`) and reads that showed several children (`details.child_ids`). */
const aboutChild = (childId: number) =>
  or(eq(auditLog.childId, childId), sql`${auditLog.details} -> 'child_ids' @> ${JSON.stringify([childId])}::jsonb`);

function auditWhere(facilityId: number, filter: AuditFilter): SQL {
  return and(
    eq(auditLog.facilityId, facilityId),
    filter.user_id ? eq(auditLog.userId, filter.user_id) : undefined,
    filter.child_id ? aboutChild(filter.child_id) : undefined,
    // A Tokyo day: [00:00, next 00:00) in Asia/Tokyo, so the (facility_id, at) index serves it.
    filter.date
      ? and(
          sql`${auditLog.at} >= ${tokyoInstant(filter.date, '00:00')}`,
          sql`${auditLog.at} < ${tokyoInstant(addDays(filter.date, 1), '00:00')}`,
        )
      : undefined,
  )!;
}

const auditChild = alias(children, 'audit_child');

function auditRows(db: Db, facilityId: number, filter: AuditFilter) {
  return db
    .select({
      entry: auditLog,
      userName: users.name,
      userEmail: users.email,
      deviceName: devices.name,
      childName: sql<string | null>`${auditChild.lastName} || ' ' || ${auditChild.firstName}`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(devices, eq(devices.id, auditLog.deviceId))
    .leftJoin(auditChild, eq(auditChild.id, auditLog.childId))
    .where(auditWhere(facilityId, filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

/** How many children the entry is about: the listed ones of a read that showed several, else 0 or 1. */
function childCount(childId: number | null, details: unknown): number {
  const listed = (details as { child_ids?: unknown } | null)?.child_ids;
  return Array.isArray(listed) ? listed.length : childId ? 1 : 0;
}

type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

const presentAuditRow = (row: AuditRow): AuditEntry => ({
  id: row.entry.id,
  at: row.entry.at.toISOString(),
  user: row.entry.userId ? { id: row.entry.userId, name: row.userName ?? row.userEmail ?? '' } : null,
  device: row.entry.deviceId ? { id: row.entry.deviceId, name: row.deviceName ?? '' } : null,
  action: row.entry.action,
  action_label: (auditActionLabels as Record<string, string>)[row.entry.action] ?? row.entry.action,
  target_type: row.entry.targetType,
  target_id: row.entry.targetId,
  child: row.entry.childId ? { id: row.entry.childId, name: row.childName ?? '' } : null,
  child_count: childCount(row.entry.childId, row.entry.details),
  ip: row.entry.ip,
});

export async function listAudit(ctx: AppContext, facilityId: number, filter: AuditFilter & { page: number }) {
  const [rows, [total]] = await Promise.all([
    auditRows(ctx.db, facilityId, filter)
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(auditLog).where(auditWhere(facilityId, filter)),
  ]);
  return { data: rows.map(presentAuditRow), total: total?.n ?? 0, per_page: AUDIT_PAGE_SIZE };
}

/** Every matching entry as CSV, UTF-8 with BOM so that Excel opens it in Japanese. */
export async function auditCsv(ctx: AppContext, facilityId: number, filter: AuditFilter): Promise<string> {
  const rows = (await auditRows(ctx.db, facilityId, filter).limit(100_000)).map(presentAuditRow);
  const header = ['日時', '職員', '端末', '操作', '対象', '対象ID', '園児', 'IPアドレス'];
  return toCsv(
    header,
    rows.map((r) => [
      new Date(r.at).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }),
      r.user?.name ?? '（端末のみ）',
      r.device?.name ?? '',
      r.action_label,
      r.target_type,
      r.target_id,
      r.child?.name ?? (r.child_count > 1 ? `${r.child_count}人` : ''),
      r.ip,
    ]),
  );
}
