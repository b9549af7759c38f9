import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { createFileApp, file, snapshot, type FileApp, type Part } from '../intake/intake-fixtures';
import { SAMPLES, storedZip } from '../intake/intake-samples';
import { storedBytes } from '../storage/stored';

/** file/pUpload and file/uploadForCenter: every allowed type, and every way to be refused. */

let f: FileApp;
const WATCHED = ['order_attachments', 'order_events'];

beforeAll(async () => {
  f = await createFileApp(['dispatcher', 'reviewer', 'street1']);
});
afterAll(async () => {
  await f?.close();
});

describe('uploading each allowed type', () => {
  it.each(Object.keys(SAMPLES))('.%s → 200, stored as sent, recorded', async (ext) => {
    const content = SAMPLES[ext]!;
    const reply = await f.upload('dispatcher', [file(`现场材料.${ext}`, content)]);
    expect([reply.status, reply.code], reply.msg).toEqual([200, 200]);
    const data = reply.data;
    expect(data).toMatchObject({
      fileName: `现场材料.${ext}`,
      size: content.length,
      orderId: null,
      fileAuthType: 1,
      url: `/api/file/download/${data.id}`,
    });
    const row = await f.t.ctx.db
      .selectFrom('order_attachments')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row.stored_path).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    expect(row.mime_type).toBe(data.mimeType);
    expect(await storedBytes(f.t.ctx, row.stored_path)).toEqual(content);
  });

  it('an upper-case extension is accepted and written in lower case', async () => {
    const reply = await f.upload('dispatcher', [file('SCAN_0001.PDF', SAMPLES.pdf!)]);
    expect([reply.code, reply.data.fileName, reply.data.mimeType]).toEqual([
      200,
      'SCAN_0001.pdf',
      'application/pdf',
    ]);
  });

  it('fields may come before or after the file', async () => {
    const after = await f.upload('dispatcher', [
      file('照片.png', SAMPLES.png!),
      { name: 'fileAuthType', value: '2' },
    ]);
    expect([after.code, after.data.fileAuthType]).toEqual([200, 2]);
  });
});

describe('refused uploads leave nothing on disk and nothing in the database', () => {
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90)]);
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(57)]);
  const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7]);
  const cases: [label: string, parts: () => Part[], status: number, msg: string | RegExp][] = [
    [
      'a program renamed .pdf',
      () => [file('说明.pdf', exe)],
      400,
      'the file is an executable program or script and cannot be uploaded',
    ],
    ['an ELF binary renamed .txt', () => [file('log.txt', elf)], 400, /executable program/],
    [
      'a shell script as .txt',
      () => [file('notes.txt', Buffer.from('#!/bin/sh\nrm -rf /\n'))],
      400,
      /executable program or script/,
    ],
    [
      'a PNG named .pdf',
      () => [file('scan.pdf', SAMPLES.png!)],
      400,
      'the file content does not match its extension .pdf',
    ],
    ['a PDF named .jpg', () => [file('photo.jpg', SAMPLES.pdf!)], 400, /extension \.jpg/],
    ['a docx named .xlsx', () => [file('table.xlsx', SAMPLES.docx!)], 400, /extension \.xlsx/],
    [
      'a plain zip named .docx',
      () => [file('report.docx', storedZip({ 'a.txt': 'hello' }))],
      400,
      /extension \.docx/,
    ],
    ['a WAV named .mp3', () => [file('call.mp3', SAMPLES.wav!)], 400, /extension \.mp3/],
    [
      'an .exe',
      () => [file('setup.exe', exe)],
      400,
      /^file type "exe" is not allowed; allowed: png, jpg, pdf/,
    ],
    ['no extension', () => [file('README', SAMPLES.txt!)], 400, /file type "—" is not allowed/],
    [
      'text with a NUL byte',
      () => [file('a.txt', Buffer.from('abc\u0000def'))],
      400,
      'a text file must be UTF-8 without NUL bytes',
    ],
    ['GBK text', () => [file('a.txt', gbk)], 400, /UTF-8/],
    ['0 bytes', () => [file('empty.pdf', Buffer.alloc(0))], 400, 'the file is empty'],
    [
      'a name of 201 characters',
      () => [file(`${'长'.repeat(197)}.pdf`, SAMPLES.pdf!)],
      400,
      /^invalid file name/,
    ],
    ['a name with ?', () => [file('what?.pdf', SAMPLES.pdf!)], 400, /^invalid file name/],
    [
      'a right-to-left override (invoice\u202egpj.txt shows as "invoicetxt.jpg")',
      () => [file('invoice\u202egpj.txt', SAMPLES.txt!)],
      400,
      /^invalid file name/,
    ],
    ...['\u200f', '\u2066', '\u061c', '\u200b', '\u0085', '\u2028', '\ufeff'].map(
      (c): (typeof cases)[number] => [
        `a name with U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`,
        () => [file(`a${c}b.pdf`, SAMPLES.pdf!)],
        400,
        /^invalid file name/,
      ],
    ),
    [
      'two files',
      () => [file('a.pdf', SAMPLES.pdf!), file('b.pdf', SAMPLES.pdf!)],
      400,
      'one file per request',
    ],
    ['no file', () => [{ name: 'fileAuthType', value: '1' }], 400, 'no file in the field "file"'],
    [
      'the file in another field',
      () => [{ name: 'upload', filename: 'a.pdf', content: SAMPLES.pdf! }],
      400,
      'no file in the field "file"',
    ],
    [
      'fileAuthType 3',
      () => [file('a.pdf', SAMPLES.pdf!), { name: 'fileAuthType', value: '3' }],
      400,
      /^fileAuthType: /,
    ],
    [
      'orderId not a number',
      () => [{ name: 'orderId', value: 'abc' }, file('a.pdf', SAMPLES.pdf!)],
      400,
      /^orderId: /,
    ],
    [
      '11 form fields',
      () => [
        ...Array.from({ length: 11 }, (_, i) => ({ name: `extra${i}`, value: 'x' })),
        file('a.pdf', SAMPLES.pdf!),
      ],
      400,
      'too many or too long form fields',
    ],
    [
      'a form field of 201 bytes',
      () => [{ name: 'orderId', value: '1'.repeat(201) }, file('a.pdf', SAMPLES.pdf!)],
      400,
      'too many or too long form fields',
    ],
    [
      '21 MB',
      () => [file('big.pdf', Buffer.concat([SAMPLES.pdf!, Buffer.alloc(21 * 1024 * 1024)]))],
      413,
      'the file is larger than 20 MB',
    ],
  ];

  it.each(cases)('%s', async (_label, parts, status, msg) => {
    const before = await snapshot(f.t, WATCHED);
    const disk = await f.filesOnDisk();
    const reply = await f.upload('dispatcher', parts());
    expect([reply.status, reply.code], reply.msg).toEqual([status, status]);
    if (typeof msg === 'string') expect(reply.msg).toBe(msg);
    else expect(reply.msg).toMatch(msg);
    expect(reply.data).toBeNull();
    expect(await f.filesOnDisk()).toEqual(disk);
    expect(await snapshot(f.t, WATCHED)).toEqual(before);
  });

  it('a client that hangs up mid-upload leaves no temp file behind', async () => {
    const address = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const boundary = 'cut-short';
    socket.write(
      `POST /api/file/pUpload HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${f.tokens.dispatcher}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`,
    );
    socket.write(Buffer.concat([SAMPLES.pdf!, Buffer.alloc(200_000, 0x41)]));
    const waitFor = async (check: (files: string[]) => boolean) => {
      for (let i = 0; i < 50; i += 1) {
        if (check(await f.filesOnDisk())) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    // The upload is under way (a temp file exists), then the client goes away.
    expect(await waitFor((files) => files.some((n) => n.startsWith('/tmp/')))).toBe(true);
    socket.destroy();
    expect(await waitFor((files) => !files.some((n) => n.startsWith('/tmp/')))).toBe(true);
  });

  it('a JSON body → 400 asking for multipart', async () => {
    const reply = await post(
      f.t,
      '/api/file/pUpload',
      { file: 'x' },
      { token: f.tokens.dispatcher },
    );
    expect([reply.status, reply.msg]).toEqual([
      400,
      'send the file as multipart/form-data in the field "file"',
    ]);
  });

  it('a multipart body without a boundary, or cut short → 400, nothing stored', async () => {
    const before = await snapshot(f.t, WATCHED);
    for (const url of ['/api/file/pUpload', '/api/addons/jsjb/file/uploadForCenter']) {
      const noBoundary = await post(f.t, url, undefined, {
        token: f.tokens.dispatcher,
        raw: 'abc',
        contentType: 'multipart/form-data',
      });
      expect([noBoundary.status, noBoundary.msg], url).toEqual([
        400,
        'the upload is malformed: the multipart body has no boundary or is incomplete',
      ]);
      const cut = await post(f.t, url, undefined, {
        token: f.tokens.dispatcher,
        raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
        contentType: 'multipart/form-data; boundary=x',
      });
      expect(cut.status, `${url} cut short: ${cut.msg}`).toBe(400);
    }
    expect(await snapshot(f.t, WATCHED)).toEqual(before);
  });

  it('without a session → 401', async () => {
    const reply = await f.upload(null, [file('a.pdf', SAMPLES.pdf!)]);
    expect([reply.status, reply.code]).toEqual([401, 401]);
  });

  it('district-only files and uploadForCenter are for district-centre staff', async () => {
    const disk = await f.filesOnDisk();
    const districtOnly = await f.upload('street1', [
      { name: 'fileAuthType', value: '2' },
      file('a.pdf', SAMPLES.pdf!),
    ]);
    expect([districtOnly.status, districtOnly.msg]).toEqual([
      403,
      'only district-centre staff may upload district-only files',
    ]);
    const center = '/api/addons/jsjb/file/uploadForCenter';
    const refused = await f.upload('street1', [file('a.pdf', SAMPLES.pdf!)], center);
    expect([refused.status, refused.msg]).toEqual([
      403,
      'only district-centre staff may upload here',
    ]);
    expect(await f.filesOnDisk()).toEqual(disk);
    const accepted = await f.upload('reviewer', [file('审核意见.pdf', SAMPLES.pdf!)], center);
    expect([accepted.status, accepted.data.fileName]).toEqual([200, '审核意见.pdf']);
  });
});
