/**
 * The inspection archive (records.md §6, ペーパーレス監査; issue 33; docs/decisions/records-archive.md):
 * a class's plans, 保育日誌 and children's records of one 年度 as ONE ZIP of PDFs, an index PDF
 * first. Not a JSON call: `?year=YYYY` (the class's 年度 by default); `records.export`, the 園長,
 * 法人管理者 and 主任 on a desktop. Every child's document in it is audited as a read of the child.
 */
export const staffClassRecordsArchivePath = '/api/staff/classes/{classId}/records-archive.zip';

export const recordsArchiveMessages = {
  year: '年度は西暦4桁で指定してください',
  empty: 'この年度のこのクラスの計画・記録はまだありません',
  button: '監査用にまとめてダウンロード（ZIP）',
} as const;
