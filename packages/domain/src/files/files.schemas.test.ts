import { describe, expect, it } from 'vitest';
import {
  ALLOWED_UPLOAD_TYPES,
  FILE_MESSAGES,
  MAX_UPLOAD_BYTES,
  fileIdFromUrl,
  fileLooksAllowed,
  fileUrlOf,
} from './files.constants.js';
import { getFileSchema, uploadResultSchema } from './files.schemas.js';

const ID = '0b7f9c1e-5d1a-4c47-9a39-2f4e1b8a6c11';

describe('fileIdFromUrl', () => {
  it.each<[string, string | null]>([
    [`/api/getFile?id=${ID}`, ID],
    [`https://spirit.example/api/getFile?id=${ID}`, ID],
    [`/api/getFile?x=1&id=${ID}`, ID],
    [` /api/getFile?id=${ID} `, ID],
    [`/api/getFile?id=${ID.toUpperCase()}`, ID],
    [ID, ID],
    [`/uploads/${ID}`, ID],
    ['', null],
    ['/api/getFile?id=not-a-uuid', null],
    [`/api/getFile?id=${ID}&x=1`, null],
    [`/api/getFile?id=${ID}x`, null],
    [`/api/getFile?id=${ID.slice(0, -1)}`, null],
    [`/api/getFile?uid=${ID}`.replace('uid=', 'uid='), null],
    ['../../etc/passwd', null],
  ])('%j → %j', (url, id) => {
    expect(fileIdFromUrl(url)).toBe(id);
  });

  it('round-trips fileUrlOf', () => {
    expect(fileUrlOf(ID)).toBe(`/api/getFile?id=${ID}`);
    expect(fileIdFromUrl(fileUrlOf(ID))).toBe(ID);
  });
});

describe('schemas', () => {
  it('getFile takes a uuid; anything else is "File not found"', () => {
    expect(getFileSchema.parse({ id: ID })).toEqual({ id: ID });
    expect(getFileSchema.safeParse({ id: 'x' }).error?.issues[0]?.message).toBe(FILE_MESSAGES.notFound);
  });

  it('the upload result carries data.file_url', () => {
    expect(uploadResultSchema.parse({ file_url: fileUrlOf(ID), id: ID })).toEqual({ file_url: fileUrlOf(ID), id: ID });
    expect(uploadResultSchema.safeParse({ id: ID }).success).toBe(false);
  });
});

describe('upload rules', () => {
  it('are the specification’s limits and messages', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5 * 1024 * 1024);
    expect(ALLOWED_UPLOAD_TYPES).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(FILE_MESSAGES).toMatchObject({
      invalidFormat: 'Invalid file format. Please upload a .pdf, .jpg, or .png file.',
      tooLarge: 'File size exceeds the 5MB limit. Please upload a smaller file.',
      failed: 'File upload failed. Please try again.',
    });
  });

  it.each<[string, string, boolean]>([
    ['pan.pdf', 'application/pdf', true],
    ['PAN.PDF', 'application/pdf', true],
    ['pan.jpg', 'image/jpeg', true],
    ['pan.jpeg', 'image/jpeg', true],
    ['pan.png', 'image/png', true],
    ['pan.png', '', true], // some browsers send no type
    ['pan.gif', 'image/gif', false],
    ['pan.pdf', 'application/zip', false],
    ['pan.pdf.exe', 'application/pdf', false],
    ['pan', 'application/pdf', false],
  ])('fileLooksAllowed(%j, %j) is %j', (name, type, allowed) => {
    expect(fileLooksAllowed(name, type)).toBe(allowed);
  });
});
