import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { prepareUploadSpool } from '../../../src/server/http/upload-spool.js';

let root: string;
beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(os.tmpdir(), 'fp-spool-test-')), 'fp-uploads');
});
afterEach(() => rm(path.dirname(root), { recursive: true, force: true }));

async function leftover(name: string): Promise<void> {
  await mkdir(path.join(root, name, 'fp-upload-x'), { recursive: true });
  await writeFile(path.join(root, name, 'fp-upload-x', 'upload'), 'half an archive');
}

it('removes the upload folders of runs that are gone and keeps those of live processes', async () => {
  const gone = '99999999'; // above any pid_max: no such process
  await leftover(gone);
  await leftover(String(process.pid)); // an earlier run under this same pid
  await leftover(String(process.ppid)); // a live process sharing the root
  await mkdir(path.join(root, 'notes'));

  const dir = await prepareUploadSpool(root);

  expect(dir).toBe(path.join(root, String(process.pid)));
  expect(await readdir(dir)).toEqual([]);
  expect(existsSync(path.join(root, gone))).toBe(false);
  expect(existsSync(path.join(root, String(process.ppid), 'fp-upload-x', 'upload'))).toBe(true);
  expect(existsSync(path.join(root, 'notes'))).toBe(true);
});

it('a second server of the same process shares the folder without sweeping it', async () => {
  const dir = await prepareUploadSpool(root);
  await writeFile(path.join(dir, 'in-flight'), 'x');
  expect(await prepareUploadSpool(root)).toBe(dir);
  expect(await readdir(dir)).toEqual(['in-flight']);
});
