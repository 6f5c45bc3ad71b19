import { InvalidArgumentError } from 'commander';
import type { FlagSpec } from '../framework/flags.js';
import { parseRate, type Rate } from './pacer.js';

function parseRateFlag(value: string): Rate | null {
  try {
    return parseRate(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message.replace(/^invalid rate "[^"]*": /, ''));
  }
}

/** `--rate N/WINDOW|off`: how a command that reads the portal widely paces its requests. */
export const rateFlag: FlagSpec = {
  flags: '--rate <n/window>',
  description: 'pace requests, e.g. 120/60s (the hosted limit, the default) or "off" for a local server',
  parse: parseRateFlag,
};
