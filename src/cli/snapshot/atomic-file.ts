import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Buffered synchronous writes: a full disk fails at the write that hits it. */
export class FileWriter {
  private chunks: string[] = [];
  private size = 0;
  constructor(private readonly fd: number) {}
  write(text: string): void {
    this.chunks.push(text);
    this.size += text.length;
    if (this.size >= 1 << 16) this.flush();
  }
  flush(): void {
    if (!this.chunks.length) return;
    writeSync(this.fd, this.chunks.join(''));
    this.chunks = [];
    this.size = 0;
  }
}

/**
 * Writes `target` through a temp file beside it (mode 0600), renamed into place only when
 * `write` has finished and the data is on disk: a failed or interrupted write leaves no file.
 */
export async function writeFileAtomically(target: string, write: (out: FileWriter) => Promise<void>): Promise<void> {
  const dir = path.dirname(path.resolve(target));
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  // Interrupted (Ctrl-C exits the process): no temp file stays behind either.
  const removeTemp = () => rmSync(temp, { force: true });
  process.once('exit', removeTemp);
  try {
    const out = new FileWriter(fd);
    await write(out);
    out.flush();
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, path.resolve(target));
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(temp, { force: true });
    throw err;
  } finally {
    process.off('exit', removeTemp);
  }
}
