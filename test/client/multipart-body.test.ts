import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { multipartBody, type MultipartPart } from '../../src/client/multipart-body.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fp-multipart-body-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function fileOf(name: string, content: Buffer): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, content);
  return p;
}

async function collect(body: Readable): Promise<{ bytes: Buffer; chunkSizes: number[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), chunkSizes: chunks.map((c) => c.length) };
}

type Parsed = Array<{ name: string; value?: string; filename?: string; mimeType?: string; content?: Buffer }>;

/** Parses with busboy, independently of the server module. */
function parse(contentType: string, bytes: Buffer): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const parts: Parsed = [];
    const bb = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    bb.on('field', (name, value) => parts.push({ name, value }));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      const part: Parsed[number] = { name, filename: info.filename, mimeType: info.mimeType };
      parts.push(part);
      stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => (part.content = Buffer.concat(chunks)));
    });
    bb.on('close', () => resolve(parts));
    bb.on('error', reject);
    bb.end(bytes);
  });
}

test('contentLength equals the bytes of the body', async () => {
  const filePath = await fileOf('a.zip', randomBytes(12_345));
  const { body, contentLength } = await multipartBody([
    { name: 'tab_id', value: 'ünïcode' },
    { name: 'file', filePath },
  ]);
  expect((await collect(body)).bytes.length).toBe(contentLength);
});

test('contentLength equals the bytes the server receives over undici.request', async () => {
  const filePath = await fileOf('b.zip', randomBytes(300_000));
  const server = http.createServer((req, res) => {
    let received = 0;
    req.on('data', (c: Buffer) => (received += c.length));
    req.on('end', () => res.end(JSON.stringify({ received, declared: Number(req.headers['content-length']) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const { body, contentType, contentLength } = await multipartBody([
      { name: 'delete_confirmed[]', value: '1' },
      { name: 'file', filePath },
    ]);
    const res = await request(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, 'content-length': String(contentLength) },
      reset: true,
    });
    expect(await res.body.json()).toEqual({ received: contentLength, declared: contentLength });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('fields and file parse back in order, byte-exact, with repeated names kept', async () => {
  const content = randomBytes(70_000);
  const filePath = await fileOf('kb.zip', content);
  const parts: MultipartPart[] = [
    { name: 'tab_id', value: '3' },
    { name: 'delete_confirmed[]', value: '10' },
    { name: 'delete_confirmed[]', value: '11' },
    { name: 'file', filePath, contentType: 'application/zip' },
    { name: 'empty', value: '' },
  ];
  const { body, contentType } = await multipartBody(parts);
  const parsed = await parse(contentType, (await collect(body)).bytes);
  // compared apart: a deep equality over 70,000 bytes is slow
  expect(parsed[3].content!.equals(content)).toBe(true);
  delete parsed[3].content;
  expect(parsed).toEqual([
    { name: 'tab_id', value: '3' },
    { name: 'delete_confirmed[]', value: '10' },
    { name: 'delete_confirmed[]', value: '11' },
    { name: 'file', filename: 'kb.zip', mimeType: 'application/zip' },
    { name: 'empty', value: '' },
  ]);
});

test('a file without contentType is sent as application/octet-stream under its basename', async () => {
  const filePath = await fileOf('export.zip', Buffer.from('zip'));
  const { body, contentType } = await multipartBody([{ name: 'file', filePath }]);
  const [part] = await parse(contentType, (await collect(body)).bytes);
  expect(part).toMatchObject({ filename: 'export.zip', mimeType: 'application/octet-stream' });
});

test('an empty file is sent as an empty part', async () => {
  const filePath = await fileOf('empty.zip', Buffer.alloc(0));
  const { body, contentType, contentLength } = await multipartBody([{ name: 'file', filePath }]);
  const { bytes } = await collect(body);
  expect(bytes.length).toBe(contentLength);
  expect((await parse(contentType, bytes))[0].content).toEqual(Buffer.alloc(0));
});

test('quotes, CR and LF in names and filenames are escaped so they cannot forge headers', async () => {
  const filePath = await fileOf('x.bin', Buffer.from('x'));
  const { body, contentType } = await multipartBody([
    { name: 'a"\r\nX-Injected: 1', value: 'v' },
    { name: 'file', filePath, filename: 'évil"\r\nX-Injected: 2.zip' },
  ]);
  const { bytes } = await collect(body);
  expect(bytes.toString('utf8')).not.toMatch(/\r\nX-Injected/);
  expect(await parse(contentType, bytes)).toEqual([
    { name: 'a%22%0D%0AX-Injected: 1', value: 'v' },
    {
      name: 'file',
      filename: 'évil%22%0D%0AX-Injected: 2.zip',
      mimeType: 'application/octet-stream',
      content: Buffer.from('x'),
    },
  ]);
});

test('a content type with CR or LF is rejected', async () => {
  const filePath = await fileOf('y.bin', Buffer.from('y'));
  await expect(multipartBody([{ name: 'file', filePath, contentType: 'text/plain\r\nX: 1' }])).rejects.toThrow(
    /Invalid content type/,
  );
});

test('each body gets a fresh random boundary', async () => {
  const a = await multipartBody([{ name: 'k', value: 'v' }]);
  const b = await multipartBody([{ name: 'k', value: 'v' }]);
  expect(a.contentType).toMatch(/^multipart\/form-data; boundary=-+fpFormBoundary[0-9a-f]{32}$/);
  expect(a.contentType).not.toBe(b.contentType);
});

test('the file is streamed from disk in bounded chunks, never read whole', async () => {
  const size = 8 * 1024 * 1024;
  const filePath = path.join(dir, 'big.zip');
  const fh = await open(filePath, 'w');
  await fh.truncate(size); // sparse: no disk used
  await fh.close();
  const { body, contentLength } = await multipartBody([{ name: 'file', filePath }]);
  let total = 0;
  let largest = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    largest = Math.max(largest, (chunk as Buffer).length);
  }
  expect(total).toBe(contentLength);
  expect(largest).toBeLessThanOrEqual(256 * 1024);
});

test('a file that shrinks after multipartBody() was built fails the stream instead of breaking Content-Length', async () => {
  const filePath = await fileOf('shrinks.zip', Buffer.alloc(1000));
  const { body } = await multipartBody([{ name: 'file', filePath }]);
  await writeFile(filePath, Buffer.alloc(10));
  await expect(collect(body)).rejects.toThrow(/changed while it was being sent \(10 of 1000 bytes\)/);
});

test('a missing file is reported when the body is built, before any request', async () => {
  await expect(multipartBody([{ name: 'file', filePath: path.join(dir, 'nope.zip') }])).rejects.toThrow(/ENOENT/);
});
