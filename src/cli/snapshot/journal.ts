import {
  closeSync,
  createReadStream,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const PROGRESS_FILE = 'progress.json';

/** What every checkpoint holds besides the crawl's own state. */
export interface JournalBase {
  /** Always false: a partial snapshot is never a seed. */
  complete: false;
  /** Byte length of each part file at the last checkpoint. */
  parts: Record<string, number>;
}

/**
 * The partial snapshot: a folder beside the output with a checkpoint
 * (`progress.json`, replaced atomically) and append-only NDJSON part files.
 * Opening it again truncates every part to its length at the last checkpoint,
 * so whatever was written after it is fetched and written again, exactly once.
 */
export class Journal<S extends JournalBase> {
  private readonly fds = new Map<string, number>();
  private readonly dirty = new Set<string>();

  private constructor(
    readonly dir: string,
    public state: S,
  ) {}

  static exists(dir: string): boolean {
    return existsSync(path.join(dir, PROGRESS_FILE));
  }

  /** A new journal; the folder must not hold one already. */
  static create<S extends JournalBase>(dir: string, state: S): Journal<S> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const journal = new Journal(dir, state);
    journal.writeState();
    return journal;
  }

  /** The journal as of its last checkpoint. */
  static open<S extends JournalBase>(dir: string): Journal<S> {
    const state = JSON.parse(readFileSync(path.join(dir, PROGRESS_FILE), 'utf8')) as S;
    const journal = new Journal(dir, state);
    for (const [name, length] of Object.entries(state.parts)) {
      const fd = journal.fd(name);
      ftruncateSync(fd, length);
    }
    return journal;
  }

  /** Appends one record to a part file (synchronously: a full disk fails here, at this record). */
  append(part: string, record: unknown): void {
    const line = `${JSON.stringify(record)}\n`;
    const fd = this.fd(part);
    const bytes = Buffer.from(line, 'utf8');
    writeSync(fd, bytes);
    this.state.parts[part] = (this.state.parts[part] ?? 0) + bytes.length;
    this.dirty.add(part);
  }

  /** Makes everything so far durable, then records it as the new checkpoint. */
  commit(): void {
    for (const part of this.dirty) fsyncSync(this.fd(part));
    this.dirty.clear();
    this.writeState();
  }

  /** Records of a part file from `fromByte` on, each with the offset just past it. */
  async *read<T>(part: string, fromByte = 0): AsyncGenerator<{ record: T; end: number }> {
    const length = this.state.parts[part] ?? 0;
    if (fromByte >= length) return;
    const stream = createReadStream(this.partPath(part), { start: fromByte, end: length - 1 });
    let offset = fromByte;
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      offset += Buffer.byteLength(line, 'utf8') + 1;
      if (line) yield { record: JSON.parse(line) as T, end: offset };
    }
  }

  partPath(part: string): string {
    return path.join(this.dir, part);
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }

  remove(): void {
    this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private fd(part: string): number {
    let fd = this.fds.get(part);
    if (fd === undefined) {
      fd = openSync(this.partPath(part), 'a+', 0o600);
      this.fds.set(part, fd);
      // A part no checkpoint knows holds nothing committed, whatever an interrupted run left in it.
      if (!(part in this.state.parts)) {
        ftruncateSync(fd, 0);
        this.state.parts[part] = 0;
      }
    }
    return fd;
  }

  private writeState(): void {
    const target = path.join(this.dir, PROGRESS_FILE);
    const temp = `${target}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(this.state, null, 1)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  }
}
