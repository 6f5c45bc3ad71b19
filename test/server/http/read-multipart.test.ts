import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { multipartBody, type MultipartPart } from '../../../src/client/multipart-body.js';
import { dropUnreadBody } from '../../../src/server/http/drop-unread-body.js';
import { MultipartError, readMultipart, type ReadMultipartOptions } from '../../../src/server/http/read-multipart.js';

type Outcome =
  | {
      status: 200;
      fields: Record<string, unknown>;
      file: {
        filename: string;
        size: number;
        mimeType: string;
        sha256: string;
        existed: boolean;
        goneAfterCleanup: boolean;
      } | null;
    }
  | { status: number; message: string; field?: string; bodyReadBeforeRefusal: boolean; bytesReadAtRefusal: number };

let tmpRoot: string;
let files: string;

beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'fp-multipart-test-'));
  files = await mkdtemp(path.join(os.tmpdir(), 'fp-multipart-src-'));
});
afterAll(async () => {
  await rm(tmpRoot, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
});
// Every outcome, success or failure, must leave the upload directory empty.
afterEach(async () => {
  expect(await readdir(tmpRoot)).toEqual([]);
});

interface TestServer {
  url: string;
  nextOutcome(): Promise<Outcome>;
  close(): Promise<void>;
}

async function startServer(opts: Partial<ReadMultipartOptions> = {}, graceMs?: number): Promise<TestServer> {
  const outcomes: Outcome[] = [];
  const waiters: Array<(o: Outcome) => void> = [];
  const record = (o: Outcome) => {
    const waiter = waiters.shift();
    if (waiter) waiter(o);
    else outcomes.push(o);
  };
  const server = http.createServer(async (req, res) => {
    let outcome: Outcome;
    try {
      const form = await readMultipart(req, { maxFileBytes: 1024, tmpDir: tmpRoot, ...opts });
      let file = null;
      if (form.file) {
        const existed = existsSync(form.file.path);
        const sha256 = await hashFile(form.file.path);
        await form.cleanup();
        const { filename, size, mimeType } = form.file;
        file = { filename, size, mimeType, sha256, existed, goneAfterCleanup: !existsSync(form.file.path) };
      } else {
        await form.cleanup();
      }
      outcome = { status: 200, fields: form.fields, file };
    } catch (err) {
      if (!(err instanceof MultipartError)) throw err;
      outcome = {
        status: err.status,
        message: err.message,
        field: err.field,
        bodyReadBeforeRefusal: req.readableDidRead,
        bytesReadAtRefusal: req.socket.bytesRead,
      };
      dropUnreadBody(req, res, graceMs);
    }
    res.writeHead(outcome.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(outcome));
    record(outcome);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/upload`,
    nextOutcome: () => {
      const o = outcomes.shift();
      return o ? Promise.resolve(o) : new Promise((resolve) => waiters.push(resolve));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const agent = new Agent();
afterAll(() => agent.close());

async function post(url: string, body: Readable | string, headers: Record<string, string>) {
  const res = await request(url, { method: 'POST', body, headers, dispatcher: agent });
  return { status: res.statusCode, json: (await res.body.json()) as Outcome };
}

async function postParts(url: string, parts: MultipartPart[]) {
  const { body, contentType, contentLength } = await multipartBody(parts);
  return post(url, body, { 'content-type': contentType, 'content-length': String(contentLength) });
}

function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

async function fileOf(name: string, content: Buffer): Promise<string> {
  const p = path.join(files, name);
  await writeFile(p, content);
  return p;
}

async function sparseFile(name: string, size: number): Promise<string> {
  const p = path.join(files, name);
  const fh = await open(p, 'w');
  await fh.truncate(size);
  await fh.close();
  return p;
}

/** A hand-written multipart body, for shapes the client never produces. */
function raw(boundary: string, ...lines: string[]): string {
  return lines.join('\r\n').replaceAll('{b}', boundary);
}

async function withServer(opts: Partial<ReadMultipartOptions>, fn: (s: TestServer) => Promise<void>, graceMs?: number) {
  const s = await startServer(opts, graceMs);
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

describe('accepted uploads', () => {
  test('fields and file round trip byte-exact with size, filename and type', () =>
    withServer({ maxFileBytes: 64 * 1024 }, async (s) => {
      const content = randomBytes(50_000);
      const filePath = await fileOf('kb.zip', content);
      const { status, json } = await postParts(s.url, [
        { name: 'tab_id', value: '42' },
        { name: 'file', filePath, contentType: 'application/zip' },
        { name: 'note', value: 'héllo\r\nworld' },
      ]);
      expect(status).toBe(200);
      expect(json).toMatchObject({
        fields: { tab_id: '42', note: 'héllo\r\nworld' },
        file: {
          filename: 'kb.zip',
          size: 50_000,
          mimeType: 'application/zip',
          sha256: createHash('sha256').update(content).digest('hex'),
        },
      });
    }));

  test('repeated names and name[] fields become arrays', () =>
    withServer({}, async (s) => {
      const { json } = await postParts(s.url, [
        { name: 'delete_confirmed[]', value: '1' },
        { name: 'delete_confirmed[]', value: '2' },
        { name: 'delete_confirmed[]', value: '3' },
        { name: 'delete_sections_confirmed[]', value: '9' },
        { name: 'tag', value: 'a' },
        { name: 'tag', value: 'b' },
        { name: 'tab_id', value: '7' },
        { name: '__proto__', value: 'x' },
      ]);
      expect(json.status).toBe(200);
      const fields = (json as { fields: Record<string, unknown> }).fields;
      expect(fields).toEqual({
        delete_confirmed: ['1', '2', '3'],
        delete_sections_confirmed: ['9'],
        tag: ['a', 'b'],
        tab_id: '7',
        ['__proto__']: 'x',
      });
      expect(Object.keys(fields)).toContain('__proto__');
    }));

  test('a UTF-8 filename arrives intact and quotes/CR/LF in it arrive percent-escaped', () =>
    withServer({}, async (s) => {
      const filePath = await fileOf('plain.bin', Buffer.from('x'));
      const { json } = await postParts(s.url, [{ name: 'file', filePath, filename: 'résumé "v2"\r\n.zip' }]);
      expect(json).toMatchObject({ status: 200, file: { filename: 'résumé %22v2%22%0D%0A.zip', size: 1 } });
    }));

  test('a form without a file part yields file null', () =>
    withServer({}, async (s) => {
      const { json } = await postParts(s.url, [{ name: 'tab_id', value: '1' }]);
      expect(json).toEqual({ status: 200, fields: { tab_id: '1' }, file: null });
    }));

  test('the temp file exists until cleanup() and is gone after it', () =>
    withServer({}, async (s) => {
      const filePath = await fileOf('small.zip', randomBytes(100));
      const { json } = await postParts(s.url, [{ name: 'file', filePath }]);
      expect(json).toMatchObject({ status: 200, file: { existed: true, goneAfterCleanup: true } });
    }));

  test('the file is written to disk while it is still arriving, never buffered whole', () =>
    withServer({ maxFileBytes: 4 * 1024 * 1024 }, async (s) => {
      const half = 1024 * 1024;
      const b = 'streamcheck';
      let seenOnDisk = 0;
      async function* body() {
        yield Buffer.from(raw(b, '--{b}', 'Content-Disposition: form-data; name="file"; filename="a.zip"', '', ''));
        yield Buffer.alloc(half, 1);
        // Hold the rest back until the first half has reached the temp file.
        const deadline = Date.now() + 5000;
        while (seenOnDisk < half && Date.now() < deadline) {
          seenOnDisk = await uploadedBytesOnDisk();
          await new Promise((r) => setTimeout(r, 10));
        }
        yield Buffer.alloc(half, 2);
        yield Buffer.from(raw(b, '', '--{b}--', ''));
      }
      const { json } = await post(s.url, Readable.from(body()), {
        'content-type': `multipart/form-data; boundary=${b}`,
      });
      expect(seenOnDisk).toBe(half);
      expect(json).toMatchObject({ status: 200, file: { size: 2 * half } });
    }));
});

async function uploadedBytesOnDisk(): Promise<number> {
  for (const dir of await readdir(tmpRoot)) {
    const st = await stat(path.join(tmpRoot, dir, 'upload')).catch(() => null);
    if (st) return st.size;
  }
  return 0;
}

test('field values are normalised like every input: trimmed, and empty is null', () =>
  withServer({}, async (s) => {
    const { json } = await postParts(s.url, [
      { name: 'tab_id', value: ' 42 ' },
      { name: 'note', value: '   ' },
      { name: 'ids[]', value: ' 1' },
      { name: 'ids[]', value: '' },
    ]);
    expect(json).toMatchObject({ status: 200, fields: { tab_id: '42', note: null, ids: ['1', null] } });
  }));

describe('size limit (413)', () => {
  test('the limit message states maxFileBytes in kilobytes', async () => {
    // A declared length past the limit is refused before anything is read.
    const req = {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
    } as unknown as http.IncomingMessage;
    await expect(readMultipart(req, { maxFileBytes: 102_400 * 1024, tmpDir: tmpRoot })).rejects.toMatchObject({
      status: 413,
      message: 'The file field must not be greater than 102400 kilobytes.',
    });
  });

  test('a file of exactly maxFileBytes is accepted', () =>
    withServer({ maxFileBytes: 1024 }, async (s) => {
      const filePath = await fileOf('at-limit.zip', randomBytes(1024));
      const { json } = await postParts(s.url, [{ name: 'file', filePath }]);
      expect(json).toMatchObject({ status: 200, file: { size: 1024 } });
    }));

  test('a file of maxFileBytes + 1 is refused with 413 while streaming', () =>
    withServer({ maxFileBytes: 1024 }, async (s) => {
      const filePath = await fileOf('over-limit.zip', randomBytes(1025));
      const { status, json } = await postParts(s.url, [{ name: 'file', filePath }]);
      expect(status).toBe(413);
      expect(json).toMatchObject({ message: 'The file field must not be greater than 1 kilobytes.', field: 'file' });
    }));

  test('a file just over the limit in a body with Content-Length is answered 413 and leaves no temp file or descriptor', () =>
    withServer({ maxFileBytes: 16 * 1024 * 1024 }, async (s) => {
      const filePath = await sparseFile('just-over.zip', 16 * 1024 * 1024 + 10);
      const { status, json } = await postParts(s.url, [{ name: 'file', filePath }]);
      expect(status).toBe(413);
      expect(json).toMatchObject({
        message: 'The file field must not be greater than 16384 kilobytes.',
        field: 'file',
      });
      // afterEach: the upload directory is empty, so the temp file was closed and removed.
    }));

  test('an oversized file in a body without Content-Length is refused mid-stream and the client reads the 413', () =>
    withServer({ maxFileBytes: 1024 }, async (s) => {
      const total = 64 * 1024 * 1024;
      let sent = 0;
      async function* body() {
        yield Buffer.from(raw('x', '--{b}', 'Content-Disposition: form-data; name="file"; filename="a.zip"', '', ''));
        const chunk = Buffer.alloc(64 * 1024);
        while (sent < total) {
          sent += chunk.length;
          yield chunk;
        }
        yield Buffer.from(raw('x', '', '--{b}--', ''));
      }
      const { status, json } = await post(s.url, Readable.from(body()), {
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(status).toBe(413);
      expect(json).toMatchObject({ message: 'The file field must not be greater than 1 kilobytes.' });
      expect(sent).toBeLessThan(total / 4);
    }));

  test('a Content-Length over the limit is refused before the body is read', () =>
    withServer({ maxFileBytes: 1024 }, async (s) => {
      const filePath = await sparseFile('huge.zip', 64 * 1024 * 1024);
      const { body, contentType, contentLength } = await multipartBody([{ name: 'file', filePath }]);
      let sent = 0;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of body) {
            sent += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        })(),
      );
      const { status, json } = await post(s.url, counted, {
        'content-type': contentType,
        'content-length': String(contentLength),
      });
      expect(status).toBe(413);
      expect(json).toMatchObject({ message: 'The file field must not be greater than 1 kilobytes.' });
      // No byte of the body went through the request stream before the refusal...
      expect(json).toMatchObject({ bodyReadBeforeRefusal: false });
      expect((json as { bytesReadAtRefusal: number }).bytesReadAtRefusal).toBeLessThan(512 * 1024);
      // ...and the client stopped after a small fraction of the body.
      expect(sent).toBeLessThan(contentLength! / 8);
    }));
});

test('a client that ignores the refusal and keeps sending is disconnected after the grace period', () =>
  withServer(
    { maxFileBytes: 1024 },
    async (s) => {
      const { port } = new URL(s.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.on('error', () => {});
      const declared = 1024 * 1024 * 1024;
      let answer = '';
      socket.on('data', (d) => (answer += d.toString('latin1')));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      let sent = 0;
      const chunk = Buffer.alloc(16 * 1024);
      const pump = setInterval(() => {
        if (socket.writable) {
          socket.write(chunk);
          sent += chunk.length;
        }
      }, 2);
      const started = Date.now();
      await closed;
      clearInterval(pump);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(sent).toBeLessThan(declared);
    },
    150,
  ));

describe('malformed bodies (400)', () => {
  const b = 'boundary123';
  const cases: Array<[string, string, string]> = [
    [
      'a body that ends before the closing boundary',
      `multipart/form-data; boundary=${b}`,
      raw(b, '--{b}', 'Content-Disposition: form-data; name="file"; filename="a.zip"', '', 'partial content'),
    ],
    ['a multipart Content-Type without a boundary', 'multipart/form-data', raw(b, '--{b}', '', 'x', '--{b}--', '')],
    [
      'a part header that does not parse',
      `multipart/form-data; boundary=${b}`,
      raw(b, '--{b}', 'Content-Disposition form-data no colon', '', 'x', '--{b}--', ''),
    ],
    ['a body that never contains the boundary', `multipart/form-data; boundary=${b}`, 'just some text'],
  ];
  for (const [rule, contentType, body] of cases) {
    test(`${rule} is refused with 400`, () =>
      withServer({}, async (s) => {
        const { status, json } = await post(s.url, body, { 'content-type': contentType });
        expect(status).toBe(400);
        expect((json as { message: string }).message).toMatch(/^Malformed multipart\/form-data body: .+\.$/);
      }));
  }

  for (const [kind, disposition] of [
    ['field', 'Content-Disposition: form-data'],
    ['file', 'Content-Disposition: form-data; filename="a.zip"'],
  ]) {
    test(`a ${kind} part without a name is refused with 400, and the server keeps running`, () =>
      withServer({}, async (s) => {
        const body = raw(b, '--{b}', disposition, '', 'x', '--{b}--', '');
        const { status, json } = await post(s.url, body, { 'content-type': `multipart/form-data; boundary=${b}` });
        expect(status).toBe(400);
        expect(json).toMatchObject({
          message: 'Malformed multipart/form-data body: every part needs a name in its Content-Disposition.',
        });
      }));
  }

  test('D-SYNC-TEMP-FILES a client that hangs up mid-upload is refused with 400 and leaves no temp file', () =>
    withServer({ maxFileBytes: 1024 * 1024 }, async (s) => {
      const { port } = new URL(s.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        [
          'POST /upload HTTP/1.1',
          'Host: 127.0.0.1',
          `Content-Type: multipart/form-data; boundary=${b}`,
          'Content-Length: 100000',
          '',
          raw(b, '--{b}', 'Content-Disposition: form-data; name="file"; filename="a.zip"', '', 'x'.repeat(5000)),
        ].join('\r\n'),
      );
      // Wait until the server has started writing the file, then vanish.
      const deadline = Date.now() + 5000;
      while ((await uploadedBytesOnDisk()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      socket.destroy();
      expect(await s.nextOutcome()).toMatchObject({
        status: 400,
        message: 'The upload was interrupted before the end of the body.',
      });
    }));
});

describe('refused forms (422)', () => {
  test('a body that is not multipart/form-data is refused with 422 as a missing file', () =>
    withServer({}, async (s) => {
      const { status, json } = await post(s.url, '{"tab_id":1}', { 'content-type': 'application/json' });
      expect(status).toBe(422);
      expect(json).toMatchObject({ message: 'The file field is required.', field: 'file' });
    }));

  test('a second file is refused with 422', () =>
    withServer({}, async (s) => {
      const one = await fileOf('one.zip', Buffer.from('1'));
      const two = await fileOf('two.zip', Buffer.from('2'));
      const { status, json } = await postParts(s.url, [
        { name: 'file', filePath: one },
        { name: 'file', filePath: two },
      ]);
      expect(status).toBe(422);
      expect(json).toMatchObject({ message: 'Only one file may be uploaded.' });
    }));

  test('a file under another field name is refused with 422', () =>
    withServer({}, async (s) => {
      const one = await fileOf('one.zip', Buffer.from('1'));
      const { status, json } = await postParts(s.url, [{ name: 'archive', filePath: one }]);
      expect(status).toBe(422);
      expect(json).toMatchObject({ field: 'archive' });
    }));

  test('more than maxFields fields are refused with 422', () =>
    withServer({ maxFields: 3 }, async (s) => {
      const parts = ['1', '2', '3', '4'].map((value) => ({ name: 'delete_confirmed[]', value }));
      expect((await postParts(s.url, parts.slice(0, 3))).status).toBe(200);
      const { status, json } = await postParts(s.url, parts);
      expect(status).toBe(422);
      expect(json).toMatchObject({ message: 'No more than 3 fields may be sent.' });
    }));

  test('a field value longer than maxFieldBytes is refused with 422', () =>
    withServer({ maxFieldBytes: 10 }, async (s) => {
      const { status, json } = await postParts(s.url, [{ name: 'tab_id', value: '12345678901' }]);
      expect(status).toBe(422);
      expect(json).toMatchObject({ message: 'The tab_id field is too long.', field: 'tab_id' });
    }));
});
