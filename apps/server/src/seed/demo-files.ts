// Small demo documents made in code: a one-page PDF of text lines and an RGB PNG that reads as a scanned form. The
// PAN cards of demo companies and the sale orders of demo trades are these.
import { crc32, deflateSync } from 'node:zlib';

/**
 * A one-page PDF of text lines (Helvetica), with a correct cross-reference table. Its first line is also its title,
 * which a PDF viewer shows in place of the file's name (a preview's is a random blob URL).
 */
export function textPdf(lines: string[]): Buffer {
  const plain = lines.map((line) => line.replace(/[()\\]/g, ''));
  const text = plain
    .map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 72 ${720 - i * 24} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${plain[0] ?? ''}) /Producer (Spirit Exchange demo) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A small RGB PNG that reads as a scanned form: a navy header band, grey text lines and a signature stroke on white.
 */
export function saleOrderPng(width = 320, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const header = y < 36;
      const line = y > 56 && y < 150 && (y - 56) % 18 < 4 && x > 24 && x < width - 24 - ((y * 7) % 90);
      const signature =
        y > 160 && y < 180 && x > width - 140 && x < width - 30 && Math.abs(((x * 3) % 40) - (y - 160) * 2) < 3;
      const [r, g, b] = header ? [15, 42, 92] : line ? [170, 176, 186] : signature ? [20, 60, 160] : [255, 255, 255];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
