// The after-trade documents (issue 22's budgets): a service fee invoice as a PDF (≤ 100 ms of server time) and the
// ratings export of 10,000 rows (≤ 2 s), each timed on one connection, one call after another, so a call's time is
// the server's. The invoice is one the full trade issued to company 1; the generator gave company 1 its ratings.
import { post } from './api.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function documentTimes(base, token, { pdfs = 20, exports = 3 } = {}) {
  const list = await (await post(base, 'getAllBidCommission', { page: 1, page_size: 10 }, token)).json();
  const invoice = list.data.records.map((r) => r.seller_invoice ?? r.buyer_invoice).find(Boolean);
  if (!invoice) throw new Error('no invoice of company 1 to download (no full trade ran?)');
  const pdf = [];
  let bytes = 0;
  for (let i = 0; i < pdfs; i++) {
    const t0 = performance.now();
    const res = await post(base, 'getInvoicePdf', { id: invoice.id }, token);
    bytes = (await res.arrayBuffer()).byteLength;
    pdf.push(performance.now() - t0);
    if (!String(res.headers.get('content-type')).includes('pdf')) throw new Error('getInvoicePdf: not a PDF');
  }
  const exported = [];
  let rows = 0;
  for (let i = 0; i < exports; i++) {
    const t0 = performance.now();
    rows = (await (await post(base, 'exportRating', {}, token)).json()).data.rows;
    exported.push(performance.now() - t0);
  }
  const result = {
    invoicePdfMs: Math.round(median(pdf) * 10) / 10,
    invoicePdfBytes: bytes,
    exportRows: rows,
    exportMs: Math.round(median(exported)),
  };
  result.line =
    `  documents: invoice ${invoice.number} as a PDF (${(bytes / 1024).toFixed(1)} KB) p50 ${result.invoicePdfMs} ms ` +
    `(goal ≤ 100 ms); the ratings export of ${rows.toLocaleString('en-IN')} rows p50 ${result.exportMs} ms (goal ≤ 2,000 ms)`;
  return result;
}
