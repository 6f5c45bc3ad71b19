import { InvalidArgumentError } from 'commander';
import type { FlagSpec } from '../../framework/flags.js';
import { DEFAULT_STALL_LIMIT, DEFAULT_WAIT_MS, duration } from '../../framework/poll-until.js';
import { parsePositiveInteger } from '../../parse.js';
import { explainKbTab, parseTabIdOrName, resolveKbTab } from '../../resolve/kb-tab.js';

/** `--tab ID|SLUG|NAME`, required by every kb command that works on a tab; the run gets the id. */
export const tabFlag: FlagSpec = {
  flags: '--tab <tab>',
  description: 'knowledge-base tab: id, slug or name',
  parse: parseTabIdOrName,
  resolve: (typed, client, flag, keep, say) => resolveKbTab(client, typed as number | string, flag, keep, say),
  explain: explainKbTab,
  required: true,
  complete: 'kb-tabs',
  errorsFor: ['tab_id', 'tabId'],
};

/** `--wait`, `--fail-on-broken` and `--interval` of the link-health commands that can wait for a scan. */
export const waitFlags: FlagSpec[] = [
  { flags: '--wait', description: 'poll until the scan ends, then print the results' },
  { flags: '--fail-on-broken', description: 'exit 1 when any link is broken (implies --wait)' },
  {
    flags: '--interval <seconds>',
    description: 'seconds between progress polls with --wait (default 1)',
    parse: parseSeconds,
  },
  {
    flags: '--stall-limit <polls>',
    description: `with --wait, give up when the progress has not moved for this many polls (default ${DEFAULT_STALL_LIMIT})`,
    parse: parsePositiveInteger,
  },
];

/** What the help of a waiting command says about the wait's end. */
export const WAIT_ENDS =
  `The wait ends by --timeout (default ${duration(DEFAULT_WAIT_MS)} for the whole wait) or when the progress has\n` +
  `not moved for --stall-limit polls; either way fp exits 5 naming the scan, which goes on.\n`;

/** Seconds as a positive number; fractions allowed (0.5). */
function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(?:\.\d+)?$/.test(value.trim()) || !(n > 0))
    throw new InvalidArgumentError('expected a positive number of seconds');
  return n;
}

/** Confirms every deletion the plan of the same run shows. */
export const ALL_SHOWN = 'all-shown';

/** Section ids: comma-separated or repeated, each a positive integer (or `all-shown`). */
export function parseSectionIds(
  value: string,
  previous: Array<number | typeof ALL_SHOWN> = [],
): Array<number | typeof ALL_SHOWN> {
  const ids = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (id !== ALL_SHOWN && (!/^\d+$/.test(id) || Number(id) < 1)) {
      throw new InvalidArgumentError(`"${id}" is not a section id (a positive integer) or ${ALL_SHOWN}`);
    }
  }
  return [...previous, ...ids.map((id) => (id === ALL_SHOWN ? ALL_SHOWN : Number(id)))];
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
