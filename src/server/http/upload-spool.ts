import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Where a server spools uploads by default: one folder per process under the system temp folder. */
export const DEFAULT_SPOOL_ROOT = path.join(os.tmpdir(), 'fp-uploads');

const prepared = new Map<string, Promise<string>>();

/**
 * This process's folder for upload temp files, `<root>/<pid>`. The first call
 * for a root removes what runs that are gone left behind (a crash or `kill -9`
 * skips the per-request cleanup): the folders of processes that no longer
 * exist, and an earlier folder under this very pid (containers reuse pids).
 * Folders of live processes, other servers sharing the root, are left alone.
 */
export function prepareUploadSpool(root = DEFAULT_SPOOL_ROOT): Promise<string> {
  let dir = prepared.get(root);
  if (dir === undefined) {
    dir = sweepAndCreate(root);
    prepared.set(root, dir);
    dir.catch(() => prepared.delete(root));
  }
  return dir;
}

async function sweepAndCreate(root: string): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  for (const name of await readdir(root)) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid || !isRunning(pid)) await rm(path.join(root, name), { recursive: true, force: true });
  }
  const own = path.join(root, String(process.pid));
  await mkdir(own, { mode: 0o700 });
  return own;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}
