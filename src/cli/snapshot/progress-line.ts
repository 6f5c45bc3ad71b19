import { counted } from '../output/counted.js';
import { terminalText } from '../output/terminal-text.js';
import type { CrawlProgress } from './crawl.js';
import type { Rate } from './pacer.js';

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/**
 * One self-overwriting status line on a terminal: step, items, requests and an
 * ETA from the requests still to come at the observed pace (never faster than
 * the rate allows). Off a terminal it prints nothing.
 */
export class ProgressLine implements CrawlProgress {
  private label = '';
  private items = 0;
  private remaining: number | undefined;
  private lastDraw = 0;
  private readonly startedAt = Date.now();
  private readonly startRequests: number;

  constructor(
    private readonly write: (text: string) => void,
    private readonly enabled: boolean,
    private readonly requests: () => number,
    private readonly rate: Rate | null,
  ) {
    this.startRequests = requests();
  }

  step(label: string): void {
    this.label = label;
    this.remaining = undefined;
    this.draw(true);
  }

  tick(items: number, remainingRequests?: number): void {
    this.items = items;
    if (remainingRequests !== undefined) this.remaining = remainingRequests;
    this.draw(false);
  }

  clear(): void {
    if (this.enabled) this.write('\r\x1b[2K');
  }

  private draw(force: boolean): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const done = this.requests() - this.startRequests;
    let eta = '';
    if (this.remaining !== undefined && done > 0) {
      const observed = (now - this.startedAt) / done;
      const paced = this.rate ? this.rate.windowMs / this.rate.count : 0;
      eta = ` · ETA ${formatDuration(this.remaining * Math.max(observed, this.remaining > (this.rate?.count ?? Infinity) ? paced : 0))}`;
    }
    const counts = `${counted(this.items, 'item')} · ${counted(this.requests(), 'request')}`;
    this.write(`\r\x1b[2K${terminalText(this.label)}: ${counts}${eta}`);
  }
}
