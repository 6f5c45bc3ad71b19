import type { Factory } from '../factory.js';
import { progressLine } from './progress.js';

export interface TransferProgress {
  /** Bytes moved so far, and of all when known. */
  update(bytes: number, total?: number): void;
  /** Clear the line (before the result is written). */
  end(): void;
}

/** Nothing is shown for a transfer done sooner: a line that flashes says nothing. */
const SHOW_AFTER_MS = 300;
/** Redraws at most this often. */
const EVERY_MS = 100;

/**
 * The progress line of an upload or download on stderr: bytes, rate and, when
 * the size is known, percentage and time left. Only on a terminal (see
 * progressLine); undefined otherwise, so callers pay nothing.
 */
export function transferProgress(
  f: Factory,
  verb: 'Uploading' | 'Downloading',
  what: string,
  now: () => number = Date.now,
): TransferProgress | undefined {
  const line = progressLine(f);
  if (!line) return undefined;
  const started = now();
  let drawn = 0;
  return {
    update(bytes, total) {
      const t = now();
      if (t - started < SHOW_AFTER_MS || t - drawn < EVERY_MS) return;
      drawn = t;
      line.update(transferText(verb, what, bytes, total, t - started));
    },
    end: () => line.end(),
  };
}

/** `Uploading help.zip: 12.0 MB of 48.0 MB (25%), 6.0 MB/s, 6 s left` */
function transferText(verb: string, what: string, bytes: number, total: number | undefined, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (bytes * 1000) / elapsedMs : 0;
  const parts = [
    total !== undefined
      ? `${formatBytes(bytes)} of ${formatBytes(total)} (${Math.floor((bytes / Math.max(total, 1)) * 100)}%)`
      : formatBytes(bytes),
  ];
  if (rate > 0) parts.push(`${formatBytes(rate)}/s`);
  if (total !== undefined && rate > 0 && bytes < total) parts.push(`${formatSeconds((total - bytes) / rate)} left`);
  return `${verb} ${what}: ${parts.join(', ')}`;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${Math.round(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

function formatSeconds(s: number): string {
  const whole = Math.ceil(s);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
