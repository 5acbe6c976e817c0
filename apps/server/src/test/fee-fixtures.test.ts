// The PDF reader the invoice tests read text with: a deflated stream may end in a carriage return of its own.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './fee-fixtures.js';

const showing = (text: string) => Buffer.from(`BT <${Buffer.from(text, 'latin1').toString('hex')}> Tj ET`, 'latin1');
const pdfWith = (data: Buffer) =>
  Buffer.concat([Buffer.from('%PDF-1.3\n1 0 obj\n<<>>\nstream\n'), data, Buffer.from('\nendstream\nendobj\n')]);

describe('pdfText', () => {
  it('reads a deflated stream whose last byte is a carriage return (one in 256)', () => {
    let n = 0;
    while (deflateSync(showing(`TAX INVOICE ${n}`)).at(-1) !== 0x0d) n += 1;
    expect(pdfText(pdfWith(deflateSync(showing(`TAX INVOICE ${n}`))))).toBe(`TAX INVOICE ${n}`);
  });

  it('reads streams ended by CR LF, and streams not deflated', () => {
    const crlf = Buffer.concat([deflateSync(showing('SX/2026-27/000001')), Buffer.from('\r')]);
    expect(pdfText(pdfWith(crlf))).toBe('SX/2026-27/000001');
    expect(pdfText(pdfWith(showing('GSTIN')))).toBe('GSTIN');
  });
});
