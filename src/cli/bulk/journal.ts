import { closeSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { UsageError } from '../errors.js';

/**
 * The journal of a bulk run (D-BULK-JOURNAL): NDJSON, one header line per run, then one line
 * per item tried, each written and fsynced as the item settles, so a crash loses at most the
 * line being written.
 */
const JOURNAL_VERSION = 1;

export interface JournalHeader {
  fp_journal: typeof JOURNAL_VERSION;
  /** The portal's base URL: undo refuses a journal of another portal. */
  portal: string;
  command: string;
  started_at: string;
}

interface JournalEntry {
  key: string;
  op: string;
  /** `changed`, `unchanged`, `deleted`, `failed`. */
  outcome: string;
  /** The values the run found; for a deleted post, its last state. Null when it could not be read. */
  before: Record<string, unknown> | null;
  /** The values the run left; null for a deleted post. */
  after: Record<string, unknown> | null;
  at: string;
  message?: string;
  /** False for a deleted post: the API cannot bring it back. */
  restorable?: boolean;
}

export interface JournalWriter {
  write(entry: JournalEntry): void;
  close(): void;
}

/**
 * Opens FILE for appending and writes the run's header. A file that does not end with a whole
 * line (a crash cut its last one) is refused before anything runs: appending would bury it.
 */
export function openJournal(path: string, header: Omit<JournalHeader, 'fp_journal'>): JournalWriter {
  let existing: Buffer | undefined;
  try {
    existing = readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw journalError(path, (err as Error).message);
  }
  if (existing?.length && existing[existing.length - 1] !== 0x0a)
    throw journalError(path, 'its last line is cut short (a run stopped while writing it); give another file');
  if (existing?.length) readJournal(path, header.portal);
  let fd: number;
  try {
    fd = openSync(path, 'a');
  } catch (err) {
    throw journalError(path, (err as Error).message);
  }
  const line = (value: unknown) => {
    writeSync(fd, `${JSON.stringify(value)}\n`);
    fdatasyncSync(fd);
  };
  line({ fp_journal: JOURNAL_VERSION, ...header });
  return { write: line, close: () => closeSync(fd) };
}

export interface JournalRun {
  header: JournalHeader;
  entries: JournalEntry[];
}

/**
 * The runs of a journal, checked whole before anything is done with them: every line JSON,
 * the first a header, each entry an item with its key, and every header of this portal.
 */
export function readJournal(path: string, portal: string): JournalRun[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw journalError(path, (err as Error).message);
  }
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  if (complete) lines.pop();
  if (lines.length === 0 || (lines.length === 1 && lines[0] === '')) throw journalError(path, 'it is empty');
  const runs: JournalRun[] = [];
  lines.forEach((raw, i) => {
    const n = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (!complete && n === lines.length)
        throw journalError(
          path,
          `its last line (${n}) is cut short, as a run that stopped while writing leaves it; remove that line to undo the others (the post on it may have changed)`,
        );
      throw journalError(path, `line ${n} is not JSON (a journal is NDJSON, one object a line)`);
    }
    if (isHeader(value)) {
      if (value.portal !== portal)
        throw journalError(path, `it was written for the portal at ${value.portal}, not ${portal}`);
      runs.push({ header: value, entries: [] });
    } else if (!runs.length) {
      throw journalError(path, 'it is not an fp journal (its first line is no fp_journal header)');
    } else if (isEntry(value)) {
      runs[runs.length - 1].entries.push(value);
    } else {
      throw journalError(path, `line ${n} is neither a run's header nor an item with key, op and outcome`);
    }
  });
  return runs;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isHeader(v: unknown): v is JournalHeader {
  return isObject(v) && v.fp_journal === JOURNAL_VERSION && typeof v.portal === 'string';
}

function isEntry(v: unknown): v is JournalEntry {
  return (
    isObject(v) &&
    typeof v.key === 'string' &&
    typeof v.op === 'string' &&
    typeof v.outcome === 'string' &&
    (v.before === null || isObject(v.before)) &&
    (v.after === null || isObject(v.after))
  );
}

/** Every journal problem says the file and that nothing was changed. */
function journalError(path: string, why: string): UsageError {
  return new UsageError(`journal ${path}: ${why}; nothing was changed`);
}
