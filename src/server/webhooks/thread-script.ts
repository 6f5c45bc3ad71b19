import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a delivery thread is started with. */
export interface ThreadData {
  /** `deliver`: the lanes on a connection of their own; `send`: only the sending, for a server in memory. */
  role: 'deliver' | 'send';
  /** The database file (deliver). */
  path?: string;
  /** The file is this run's alone: its commits need not reach the disk. */
  scratch?: boolean;
  /** Shared with the server (deliver): its commits, and the hand-over of the write lock (write-turn.ts). */
  shared?: SharedArrayBuffer;
  allowPrivateLinks: boolean;
  retryScheduleS?: number[];
  timeoutMs?: number;
  backlogLimit?: number;
}

/** What a delivery thread tells the server. */
export type ThreadMessage =
  | { type: 'error'; message: string }
  | { type: 'closed' }
  | { type: 'outcome'; id: number; outcome: import('./send-delivery.js').AttemptOutcome };

const NAME = 'webhook-thread.cjs';

/** dist/webhook-thread.cjs of the package, found from this module (in src/, or in the bundle under dist/). */
export function threadScript(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    for (const candidate of [join(dir, NAME), join(dir, 'dist', NAME)]) if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`dist/${NAME} is missing from the fp package (npm run build makes it)`);
  }
}
