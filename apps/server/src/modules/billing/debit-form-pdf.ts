import { bankAccountTypeLabels, type BankAccountType } from '@renraku/contract';
import { japaneseA4 } from '../../lib/pdf';

/**
 * The 預金口座振替依頼書 on A4 portrait (spec/billing.md §4; docs/decisions/billing-debit-form.md):
 * the request to the payer's bank, the 委託者, the account in full (the payer checks and signs it),
 * and the boxes for the 届出印 and the signature; text selectable (lib/pdf).
 */

export interface DebitFormSheet {
  facilityName: string;
  facilityAddress: string;
  facilityPhone: string;
  consignorName: string;
  consignorCode: string;
  payerName: string;
  bankCode: string;
  branchCode: string;
  accountType: string;
  accountNumber: string;
  holder: string;
  issuedOn: string;
}

const M = 50;
const LINE = '#000';

export function renderDebitForm(s: DebitFormSheet): Promise<Buffer> {
  const { doc, done } = japaneseA4({ title: '預金口座振替依頼書', margin: M });
  const width = doc.page.width - 2 * M;
  doc.fillColor('#000').strokeColor(LINE);
  doc.font('jpb').fontSize(22).text('預金口座振替依頼書', M, M, { width, align: 'center' });
  doc
    .font('jp')
    .fontSize(9)
    .text(`作成日 ${s.issuedOn}`, M, M + 34, { width, align: 'right' });

  let y = M + 58;
  doc.font('jp').fontSize(12).text('金融機関 御中', M, y);
  doc.text('記入日　　　　　年　　　月　　　日', M, y, { width, align: 'right' });
  y += 28;
  doc
    .fontSize(10.5)
    .text(
      `私は、${s.facilityName}（収納企業）から請求される保育料等の料金を、下記の私名義の預金口座から口座振替により支払うこととしたいので、預金口座振替規定に同意のうえ依頼します。`,
      M,
      y,
      { width, lineGap: 3 },
    );
  y = doc.y + 18;

  /** A table of label / value rows, the labels in a shaded column. */
  const table = (title: string, rows: [string, string][]) => {
    doc.font('jpb').fontSize(11).text(title, M, y);
    y = doc.y + 4;
    const labelW = 150;
    const h = 30;
    for (const [label, value] of rows) {
      doc.rect(M, y, labelW, h).fillAndStroke('#f1f3f5', LINE);
      doc
        .rect(M + labelW, y, width - labelW, h)
        .lineWidth(0.8)
        .stroke();
      doc
        .fillColor('#000')
        .font('jp')
        .fontSize(10)
        .text(label, M + 8, y + 9, { width: labelW - 16 });
      doc
        .font('jpb')
        .fontSize(13)
        .text(value, M + labelW + 10, y + 7, { width: width - labelW - 20 });
      y += h;
    }
    y += 16;
  };

  table('収納企業（委託者）', [
    ['収納企業名', s.facilityName],
    ['委託者名', s.consignorName],
    ['委託者コード', s.consignorCode],
  ]);
  table('振替口座（ご本人の口座）', [
    ['金融機関コード', s.bankCode],
    ['支店コード', s.branchCode],
    ['預金種目', bankAccountTypeLabels[s.accountType as BankAccountType] ?? s.accountType],
    ['口座番号', s.accountNumber],
    ['口座名義（カナ）', s.holder],
  ]);

  doc.font('jpb').fontSize(11).text('お届出人（預金者）', M, y);
  y = doc.y + 4;
  const sealW = 110;
  const boxH = 110;
  const leftW = width - sealW - 12;
  doc
    .rect(M, y, leftW, boxH / 2)
    .lineWidth(0.8)
    .stroke();
  doc
    .font('jp')
    .fontSize(9)
    .text('お名前', M + 8, y + 5);
  doc.fontSize(13).text(s.payerName, M + 70, y + 18, { width: leftW - 80 });
  doc.rect(M, y + boxH / 2, leftW, boxH / 2).stroke();
  doc.fontSize(9).text('ご署名（自署）', M + 8, y + boxH / 2 + 5);
  doc.rect(M + width - sealW, y, sealW, boxH).stroke();
  doc.fontSize(9).text('お届出印', M + width - sealW, y + 5, { width: sealW, align: 'center' });
  doc
    .circle(M + width - sealW / 2, y + boxH / 2 + 8, 34)
    .dash(3, { space: 3 })
    .stroke()
    .undash();
  y += boxH + 18;

  doc
    .font('jp')
    .fontSize(8.5)
    .text(
      '・口座名義・お届出印は、金融機関にお届けのものと同じにしてください。\n' +
        '・口座番号・口座名義をご確認のうえ、ご署名とお届出印の押印をお願いします。\n' +
        '・金融機関での登録が済むまで（通常1〜2か月）は、口座振替以外の方法でお支払いいただくことがあります。',
      M,
      y,
      { width, lineGap: 2 },
    );
  y = doc.y + 14;
  const bankW = 120;
  doc.rect(M + width - bankW, y, bankW, 80).stroke();
  doc.fontSize(8.5).text('金融機関 受付印', M + width - bankW, y + 4, { width: bankW, align: 'center' });
  doc.fontSize(9).text(s.facilityName, M, y + 4, { width: width - bankW - 12 });
  if (s.facilityAddress) doc.text(s.facilityAddress, M, doc.y + 2, { width: width - bankW - 12 });
  if (s.facilityPhone) doc.text(`TEL ${s.facilityPhone}`, M, doc.y + 2, { width: width - bankW - 12 });
  doc.end();
  return done;
}
