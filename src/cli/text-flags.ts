import type { FlagSpec } from './framework/flags.js';

/** `--text TEXT | --text-file PATH|-`, read by readTextOption. */
export const textFlags = (what: string): FlagSpec[] => [
  { flags: '--text <text>', description: what },
  { flags: '--text-file <path>', description: 'read the text from a file, - for stdin' },
];
