// The bulk upload measured end to end (issue 20): 10,000 offers as one CSV, with /healthz asked meanwhile.
import { TOKENS } from '../generate.mjs';

/**
 * The bulk upload of BULK_MAX_ROWS offers by the negotiator (a CSV of the template's columns): upload the file,
 * then uploadCSV validates every row and inserts them in one transaction. Timed end to end, once. Meanwhile another
 * caller asks `/healthz` (one database round trip) every 20 ms: how long other requests wait while the upload
 * reads, checks and writes (issue 20, item 6: p99 ≤ 200 ms).
 */
export async function bulkUploadRate(base, ids) {
  const rows = 10_000;
  const head = 'state,product,from_period,to_period,quantity,price,distillery_id,export_pass_fee,sales_tax';
  // Periods from next month on: a listing's From may not be in the past nor its To beyond 24 months.
  const ahead = (months) => {
    const d = new Date();
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
    return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  const lines = Array.from(
    { length: rows },
    (_, i) =>
      `${ids.negotiated_state},${ids.negotiated_product},${ahead(1 + (i % 5))},${ahead(6 + (i % 4))},${1000 + i},${(50 + (i % 900) / 100).toFixed(2)},${ids.negotiated_distillery},1.25,18`,
  );
  const csv = [head, ...lines].join('\n');
  const started = performance.now();
  const others = [];
  let uploading = true;
  const poller = (async () => {
    while (uploading) {
      const t0 = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      others.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const form = new FormData();
  form.append('purpose', 'bulk');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const up = await (
    await fetch(`${base}/api/uploadFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.negotiator}` },
      body: form,
    })
  ).json();
  const res = await (
    await fetch(`${base}/api/uploadCSV`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.negotiator}` },
      body: JSON.stringify({ s3_url: up.data?.file_url }),
    })
  ).json();
  const seconds = (performance.now() - started) / 1000;
  uploading = false;
  await poller;
  others.sort((a, b) => a - b);
  const at = (q) => others[Math.min(others.length - 1, Math.floor(q * others.length))] ?? 0;
  const meanwhile = { n: others.length, p50: at(0.5), p99: at(0.99), max: others.at(-1) ?? 0 };
  const created = res.data?.created ?? 0;
  const line =
    created === rows
      ? `  bulk upload: ${rows.toLocaleString('en-IN')} rows (${(csv.length / 1024).toFixed(0)} KB csv) in ${seconds.toFixed(2)} s, ${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s; /healthz meanwhile p50 ${meanwhile.p50.toFixed(0)} ms, p99 ${meanwhile.p99.toFixed(0)} ms, max ${meanwhile.max.toFixed(0)} ms (${meanwhile.n} checks)`
      : `  bulk upload FAILED: ${JSON.stringify(res).slice(0, 300)}`;
  console.log(line);
  return {
    rows,
    created,
    seconds,
    rowsPerSecond: created === rows ? rows / seconds : 0,
    meanwhile,
    line: line.trim(),
  };
}
