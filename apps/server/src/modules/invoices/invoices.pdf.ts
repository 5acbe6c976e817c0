// An invoice or credit note as a PDF, rendered from its row alone with pdfkit's built-in Helvetica (nothing is
// downloaded or embedded). The same row gives the same bytes: the creation and modification dates are the moment of
// issue, and pdfkit derives the document ID from that metadata (which names the invoice).
import { amountInWords, formatIndianAmount, indianDateOf, isIntraState } from '@spirit/domain/invoices/invoices.rules';
import { gstStateCode } from '@spirit/domain/geo/geo.rules';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from './invoices.service.js';

/** Services provided for a fee or commission on wholesale trade. */
const SAC = '996111';
const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4

/** Helvetica has no ₹: amounts are written "Rs.". */
const rs = (amount: string) => `Rs. ${formatIndianAmount(amount)}`;
const pct = (rate: string) => `${Number(rate).toFixed(2)}%`;
const stateLine = (state: string) => `State: ${state} (code ${gstStateCode(state) ?? 'NA'})`;

export function renderInvoicePdf(
  row: InvoiceRow,
  creditsNumber: string | null,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  const credit = row.kind === 'credit_note';
  const title = credit ? 'Credit Note' : 'Tax Invoice';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: {
      Title: `${title} ${row.number}`,
      Author: row.platform_name,
      Subject: `Service fee for trade ${row.trade_reference}`,
      Producer: 'Spirit Exchange',
      Creator: 'Spirit Exchange',
      CreationDate: row.issued_at,
      ModDate: row.issued_at,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(title.toUpperCase(), { align: 'center' });
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`${credit ? 'Credit Note' : 'Invoice'} No: ${row.number}`, { continued: false });
  doc.text(`Date: ${indianDateOf(row.issued_at)}`);
  if (credit && creditsNumber) doc.text(`Against Invoice No: ${creditsNumber} (cancelled in full)`);
  doc.text(`Trade Reference No: ${row.trade_reference}`);
  doc.text(`Place of supply: ${row.billed_state}`);

  const top = doc.y + 12;
  const half = WIDTH / 2 - 10;
  const party = (x: number, heading: string, lines: string[]) => {
    doc.font('Helvetica-Bold').text(heading, x, top, { width: half });
    doc.font('Helvetica');
    for (const line of lines) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const leftEnd = party(MARGIN, 'Supplier', [
    row.platform_name,
    row.platform_address,
    stateLine(row.platform_state),
    `GSTIN: ${row.platform_gstin}`,
  ]);
  const rightEnd = party(MARGIN + WIDTH / 2 + 10, 'Billed to', [
    row.billed_name,
    row.billed_address,
    stateLine(row.billed_state),
    `GSTIN: ${row.billed_gstin}`,
  ]);
  doc.y = Math.max(leftEnd, rightEnd) + 16;

  // The one line: description, SAC, quantity, rate, taxable value.
  const cols = [
    { label: 'Description', width: 190, align: 'left' as const },
    { label: 'SAC', width: 50, align: 'left' as const },
    { label: 'Quantity (L)', width: 85, align: 'right' as const },
    { label: 'Rate (Rs./L)', width: 70, align: 'right' as const },
    { label: 'Taxable value', width: WIDTH - 395, align: 'right' as const },
  ];
  const row1 = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: cols[i]!.width, align: cols[i]!.align });
      bottom = Math.max(bottom, doc.y);
      x += cols[i]!.width;
    });
    doc.y = bottom + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + WIDTH, doc.y - 2)
      .lineWidth(0.5)
      .stroke();
  };
  row1(
    cols.map((c) => c.label),
    true,
  );
  row1([
    `Platform service fee: ${row.product}`,
    SAC,
    formatIndianAmount(row.quantity).replace(/0$/, ''),
    formatIndianAmount(row.rate),
    formatIndianAmount(row.taxable),
  ]);

  const totals: [string, string][] = [['Taxable value', rs(row.taxable)]];
  if (isIntraState(row.billed_state, row.platform_state))
    totals.push([`CGST @ ${pct(row.cgst_rate)}`, rs(row.cgst)], [`SGST @ ${pct(row.sgst_rate)}`, rs(row.sgst)]);
  else totals.push([`IGST @ ${pct(row.igst_rate)}`, rs(row.igst)]);
  totals.push([credit ? 'Total credited' : 'Total (incl. GST)', rs(row.total)]);
  doc.moveDown(0.5);
  for (const [label, value] of totals) {
    const y = doc.y;
    const last = label.startsWith('Total');
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, MARGIN + WIDTH - 260, y, { width: 140, align: 'left' });
    doc.text(value, MARGIN + WIDTH - 120, y, { width: 120, align: 'right' });
  }
  doc
    .moveDown(1)
    .font('Helvetica')
    .text(`Amount in words: ${amountInWords(row.total)}`, MARGIN, doc.y, {
      width: WIDTH,
    });
  doc.moveDown(2).fontSize(8).fillColor('#555555');
  doc.text(
    'Tax is charged on the platform service fee only; the price of the goods is settled between the buyer and the ' +
      'seller. Tax payable on reverse charge: No. This is a computer-generated document and needs no signature.',
    MARGIN,
    doc.y,
    { width: WIDTH },
  );
  doc.end();
  return done;
}
