import { describe, expect, it } from 'vitest';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES } from '../../test/fixtures.js';
import { isWholeFile, isWholeJpeg, isWholePdf, isWholePng, servedName } from './files.verify.js';

const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const cat = (...parts: Buffer[]) => Buffer.concat(parts);

describe('isWholePng', () => {
  it('accepts a real PNG', () => expect(isWholePng(PNG_BYTES)).toBe(true));

  it.each([
    ['HTML after IEND', cat(PNG_BYTES, HTML)],
    ['one byte after IEND', cat(PNG_BYTES, Buffer.from([0]))],
    ['the signature and HTML', cat(PNG_BYTES.subarray(0, 8), HTML)],
    ['a cut-off file', PNG_BYTES.subarray(0, PNG_BYTES.length - 4)],
    ['no IEND', PNG_BYTES.subarray(0, PNG_BYTES.length - 12)],
  ])('refuses %s', (_, bytes) => expect(isWholePng(bytes)).toBe(false));

  it('refuses a chunk whose CRC does not match (HTML swapped into the data)', () => {
    const broken = Buffer.from(PNG_BYTES);
    broken[44] = broken[44]! ^ 0xff; // inside IDAT's data
    expect(isWholePng(broken)).toBe(false);
  });
});

describe('isWholeJpeg', () => {
  it('accepts a real baseline JPEG', () => expect(isWholeJpeg(JPEG_BYTES)).toBe(true));

  it.each([
    ['HTML after EOI', cat(JPEG_BYTES, HTML)],
    ['a byte after EOI', cat(JPEG_BYTES, Buffer.from([0x0a]))],
    ['SOI and HTML', cat(JPEG_BYTES.subarray(0, 2), HTML)],
    ['SOI, APP0 and EOI only (no frame or scan)', Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex')],
    ['no EOI', JPEG_BYTES.subarray(0, JPEG_BYTES.length - 2)],
    ['a segment longer than the file', Buffer.from('ffd8ffe0ffff', 'hex')],
  ])('refuses %s', (_, bytes) => expect(isWholeJpeg(bytes)).toBe(false));
});

describe('isWholePdf', () => {
  it('accepts a PDF, with trailing whitespace', () => {
    expect(isWholePdf(PDF_BYTES)).toBe(true);
    expect(isWholePdf(cat(PDF_BYTES, Buffer.from('\r\n  \n')))).toBe(true);
  });

  it.each([
    ['HTML after %%EOF', cat(PDF_BYTES, HTML)],
    ['no %%EOF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n')],
    ['no %PDF- header', Buffer.from('hello %%EOF')],
  ])('refuses %s', (_, bytes) => expect(isWholePdf(bytes)).toBe(false));
});

describe('isWholeFile', () => {
  it('checks by the sniffed type and refuses types it does not know', () => {
    expect(isWholeFile('image/png', PNG_BYTES)).toBe(true);
    expect(isWholeFile('image/png', PDF_BYTES)).toBe(false);
    expect(isWholeFile('text/html', HTML)).toBe(false);
  });
});

describe('servedName', () => {
  it.each([
    ['x.html', 'image/png', 'x.png'],
    ['scan.PDF', 'application/pdf', 'scan.pdf'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpg'],
    ['my pan;card<1>&.pdf', 'application/pdf', 'my pan_card_1_.pdf'],
    ['archive.tar.html', 'application/pdf', 'archive.tar.pdf'],
    ['.html', 'image/png', 'file.png'],
    ['', 'image/png', 'file.png'],
    ['noextension', 'image/jpeg', 'noextension.jpg'],
    ['evil".html', 'image/png', 'evil_.png'],
  ])('serves %j of type %s as %j', (original, mime, expected) => {
    expect(servedName(original, mime)).toBe(expected);
  });
});
