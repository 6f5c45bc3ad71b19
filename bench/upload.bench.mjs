#!/usr/bin/env node
// Upload benchmark: a streamed multipart body over undici.request against
// fetch + FormData with a Blob. Prints one JSON line per variant with wall time
// and the peak RSS of the uploading process. Each variant runs in its own child
// process so one variant's heap cannot inflate another's peak.
//
//   node bench/upload.bench.mjs            # 100 MB file
//   BENCH_MB=20 node bench/upload.bench.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

const VARIANTS = {
  // what src/client/multipart-body.ts does
  'undici.request+stream': async (url, file) => {
    const { body, contentType, contentLength } = await streamedMultipart(file);
    const res = await request(url, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, 'content-length': String(contentLength) },
    });
    return res.body.json();
  },
  // the usual approach: the whole file read into a Blob
  'fetch+FormData(Blob)': async (url, file) => {
    const form = new FormData();
    form.append('tab_id', '1');
    form.append('file', new Blob([await readFile(file)]), path.basename(file));
    const res = await fetch(url, { method: 'POST', body: form });
    return res.json();
  },
  // a file-backed Blob (Node >= 19.8), for comparison
  'fetch+FormData(openAsBlob)': async (url, file) => {
    const form = new FormData();
    form.append('tab_id', '1');
    form.append('file', await openAsBlob(file), path.basename(file));
    const res = await fetch(url, { method: 'POST', body: form });
    return res.json();
  },
};

async function streamedMultipart(file) {
  const boundary = `----fpBench${randomBytes(16).toString('hex')}`;
  const { size } = await stat(file);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="tab_id"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* generate() {
    yield head;
    yield* createReadStream(file);
    yield tail;
  }
  return {
    body: Readable.from(generate()),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.length + size + tail.length,
  };
}

async function child(variant, url, file) {
  const baselineRss = process.memoryUsage.rss();
  const started = performance.now();
  const answer = await VARIANTS[variant](url, file);
  const ms = performance.now() - started;
  const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({
      variant,
      bytesReceivedByServer: answer.received,
      ms: Math.round(ms),
      mbPerSec: Math.round(answer.received / 1024 / 1024 / (ms / 1000)),
      baselineRssMB: mb(baselineRss),
      peakRssMB: mb(process.resourceUsage().maxRSS * 1024),
    })}\n`,
  );
}

function runChild(variant, url, file) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', variant, url, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    const timer = setTimeout(() => proc.kill(), 120_000);
    proc.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out.trim());
      else reject(new Error(`${variant} exited with ${code}`));
    });
  });
}

async function main() {
  const sizeMb = Number(process.env.BENCH_MB ?? 100);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fp-upload-bench-'));
  const server = http.createServer((req, res) => {
    let received = 0;
    req.on('data', (c) => (received += c.length));
    req.on('end', () => res.end(JSON.stringify({ received })));
  });
  try {
    const file = path.join(dir, 'upload.zip');
    const fh = await open(file, 'w');
    const chunk = randomBytes(1024 * 1024);
    for (let i = 0; i < sizeMb; i++) await fh.write(chunk);
    await fh.close();

    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${server.address().port}/upload`;
    for (const variant of Object.keys(VARIANTS)) console.log(await runChild(variant, url, file));
  } finally {
    server.closeAllConnections();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5]);
else await main();
