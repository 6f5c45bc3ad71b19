import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

/**
 * Whole-document durable writes: a temp file is written and fsynced, then
 * renamed over the data file and the folder fsynced, so the file on disk is
 * always one complete snapshot, even after `kill -9` mid-write.
 */
export class FilePersistence {
  private chain: Promise<void> = Promise.resolve();
  private seq = 0;

  constructor(readonly path: string) {}

  /** Resolves once a snapshot taken after this call is on disk. */
  write(snapshot: () => unknown): Promise<void> {
    const next = this.chain.then(() => this.writeNow(JSON.stringify(snapshot(), null, 1)));
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async writeNow(text: string): Promise<void> {
    const dir = dirname(this.path);
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${basename(this.path)}.${process.pid}.${++this.seq}.tmp`);
    const fh = await open(tmp, 'w', 0o600);
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await rename(tmp, this.path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const dh = await open(dir, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
  }

  /** The stored document, or undefined when the file does not exist yet. */
  async read(): Promise<unknown | undefined> {
    await this.removeStaleTemps();
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new Error(`${this.path}: not valid JSON (${(err as Error).message})`);
    }
  }

  /** Temp files of a writer that was killed mid-write: never part of the data. */
  private async removeStaleTemps(): Promise<void> {
    const dir = dirname(this.path);
    const prefix = `.${basename(this.path)}.`;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((n) => n.startsWith(prefix) && n.endsWith('.tmp')).map((n) => rm(join(dir, n), { force: true })));
  }
}
