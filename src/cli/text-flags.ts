import { TEXT_FORMATS } from '../contract/editor-format.js';
import type { FlagSpec } from './framework/flags.js';

/** `--body-file PATH|-`: the one name every verb that sends post, comment or feedback text takes. */
export const bodyFileFlag: FlagSpec = {
  flags: '--body-file <path>',
  description: 'read the text from a file, - for stdin',
};

/** How the text is sent: converted to the portal's editor format from --input-format, or --raw as written. */
export const editorTextFlags: FlagSpec[] = [
  {
    flags: '--input-format <format>',
    description:
      "what the text is written in, markdown (default) or html; it is sent in the portal's editor format (HTML on wysiwyg portals, markdown on markdown portals)",
    choices: TEXT_FORMATS,
  },
  { flags: '--raw', description: 'send the text exactly as written, without converting it' },
];

/** `--text TEXT | --text-file PATH|- | --body-file PATH|-`, read by readTextOption, and how it is sent. */
export const textFlags = (what: string): FlagSpec[] => [
  { flags: '--text <text>', description: what },
  { flags: '--text-file <path>', description: 'read the text from a file, - for stdin' },
  bodyFileFlag,
  ...editorTextFlags,
];
