// Service fee rates and invoices in tests: rates set through createCommission, invoice PDFs fetched through
// getInvoicePdf and read back as text.
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Harness } from './harness.js';

export type SideRate = { commission_amount: string; state_gst: string; central_gst: string };

/** The company-type rates of both sides (the SuperAdmin's Set Commission). */
export async function seedRates(h: Harness, superToken: string, rates: { buyer: SideRate; seller: SideRate }) {
  for (const [company_type, rate] of [
    ['Buyer', rates.buyer],
    ['Seller', rates.seller],
  ] as const) {
    const res = await h.call('createCommission', { company_type, ...rate }, superToken);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  }
}

/** A correction of the trade `id`'s rates (updateBidCommission's body), the same rates as before by default. */
export const feeCorrection = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  buyer_commission_amount: '1.40',
  buyer_central_gst: '9',
  buyer_state_gst: '9',
  seller_commission_amount: '0.33',
  seller_central_gst: '2.5',
  seller_state_gst: '2.5',
  ...over,
});

/** `getInvoicePdf` as `token`: the status, headers and bytes. */
export async function downloadInvoice(h: Harness, id: number, token: string | null) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/getInvoicePdf',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify({ id }),
  });
  return { statusCode: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
}

/**
 * The text a PDF shows, one line per text-showing operator: its Flate streams inflated with zlib, then the strings
 * of each `TJ` / `Tj` (pdfkit writes the standard fonts' text as hex strings) decoded as WinAnsi (latin1).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // The data runs to the newline before `endstream`. A carriage return before that newline may be the writer's line
  // end or the data's own last byte (one deflated stream in 256 ends in 0x0d): inflate tries it both ways.
  const streams = /stream\r?\n([\s\S]*?)\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const bytes = Buffer.from(m[1]!, 'latin1');
    const candidates = bytes.at(-1) === 0x0d ? [bytes, bytes.subarray(0, -1)] : [bytes];
    let content = bytes.toString('latin1');
    for (const candidate of candidates) {
      try {
        content = inflateSync(candidate).toString('latin1');
        break;
      } catch {
        // not deflated with this ending: the next candidate, or the bytes as they are
      }
    }
    const shows = /\[((?:<[0-9a-fA-F]*>|[-0-9.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let t = shows.exec(content); t; t = shows.exec(content)) {
      const hex = t[1] !== undefined ? [...t[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]).join('') : t[2]!;
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
