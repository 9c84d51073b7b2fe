import type { BillingStatement } from '@renraku/contract';
import { japaneseA4 } from '../../lib/pdf';

/**
 * The 領収書 of a paid statement on A4 portrait (spec/billing.md §3;
 * docs/decisions/billing-receipt.md): the shared Japanese document of lib/pdf, text selectable.
 */

export interface ReceiptPayment {
  method: string;
  paidOn: string;
  amount: number;
}

export interface ReceiptSheet {
  statement: BillingStatement;
  facilityAddress: string;
  facilityPhone: string;
  payments: ReceiptPayment[];
  issuedOn: string;
}

const METHOD_LABELS: Record<string, string> = { cash: '現金', transfer: '振込', debit: '口座振替' };
/** The ideographic space. */
const SP = '\u3000';
const M = 56;
const LINE = '#868e96';

export const yen = (n: number) => n.toLocaleString('ja-JP');
/** `2026-10-27` as 2026年10月27日. */
export const jaDate = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  return day ? `${y}年${m}月${day}日` : `${y}年${m}月`;
};

export function renderReceipt(sheet: ReceiptSheet): Promise<Buffer> {
  const s = sheet.statement;
  const { doc, done } = japaneseA4({ title: `領収書 ${s.number ?? ''}`, margin: M });
  const width = doc.page.width - 2 * M;
  doc.fillColor('#000');
  doc
    .font('jp')
    .fontSize(9)
    .text(`No. ${s.number ?? ''}`, M, M, { width, align: 'right' });
  doc.text(`発行日 ${jaDate(sheet.issuedOn)}`, { width, align: 'right' });
  doc
    .font('jpb')
    .fontSize(26)
    .text('領収書', M, M + 40, { width, align: 'center' });

  let y = M + 100;
  doc
    .font('jp')
    .fontSize(15)
    .text(`${s.payer.name}${SP}様`, M, y, { width: width * 0.6 });
  y = doc.y + 4;
  doc
    .moveTo(M, y)
    .lineTo(M + width * 0.6, y)
    .lineWidth(0.8)
    .strokeColor('#000')
    .stroke();

  y += 24;
  doc.rect(M, y, width, 46).lineWidth(1).strokeColor('#000').stroke();
  doc
    .font('jp')
    .fontSize(12)
    .text('金額', M + 14, y + 16);
  doc
    .font('jpb')
    .fontSize(22)
    .text(`￥${yen(s.total)}－`, M, y + 10, { width: width - 14, align: 'right' });
  y += 58;
  doc
    .font('jp')
    .fontSize(11)
    .text(`但し ${jaDate(`${s.month}`)}分 保育料等として`, M, y, { width });
  y = doc.y + 4;
  doc.text('上記正に領収いたしました。', M, y, { width });

  y = doc.y + 18;
  doc.font('jpb').fontSize(10).text('内訳', M, y);
  y = doc.y + 4;
  const amountW = 90;
  const childW = 110;
  for (const line of s.lines) {
    const label = line.label;
    doc.font('jp').fontSize(9.5);
    const h = Math.max(16, doc.heightOfString(label, { width: width - amountW - childW - 8 }) + 6);
    if (y + h > doc.page.height - 200) {
      doc.addPage();
      y = M;
    }
    doc.text(line.child_name, M + 4, y + 3, { width: childW - 8 });
    doc.text(label, M + childW, y + 3, { width: width - amountW - childW - 8 });
    doc.text(`${yen(line.amount)}円`, M + width - amountW, y + 3, { width: amountW - 4, align: 'right' });
    y += h;
    doc
      .moveTo(M, y)
      .lineTo(M + width, y)
      .lineWidth(0.4)
      .strokeColor(LINE)
      .stroke();
  }
  doc
    .font('jpb')
    .fontSize(10)
    .text('合計', M + childW, y + 4);
  doc.text(`${yen(s.total)}円`, M + width - amountW, y + 4, { width: amountW - 4, align: 'right' });
  y += 30;

  doc.font('jpb').fontSize(10).text('お支払い', M, y);
  y = doc.y + 2;
  for (const p of sheet.payments) {
    doc
      .font('jp')
      .fontSize(9.5)
      .text(`${jaDate(p.paidOn)}${SP}${METHOD_LABELS[p.method] ?? p.method}${SP}${yen(p.amount)}円`, M + 4, y, { width });
    y = doc.y + 2;
  }

  y = Math.max(y + 30, doc.page.height - M - 110);
  const x = M + width * 0.5;
  doc
    .font('jpb')
    .fontSize(12)
    .text(s.facility_name, x, y, { width: width * 0.5 });
  doc.font('jp').fontSize(9.5);
  if (sheet.facilityAddress) doc.text(sheet.facilityAddress, x, doc.y + 4, { width: width * 0.5 });
  if (sheet.facilityPhone) doc.text(`TEL ${sheet.facilityPhone}`, x, doc.y + 2, { width: width * 0.5 });
  doc.end();
  return done;
}
