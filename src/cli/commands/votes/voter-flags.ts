import type { FlagSpec } from '../../framework/flags.js';

export interface VoteOptions {
  post: string;
  anonymous?: string;
  anonymousFrom?: string;
}

export const voterFlags: FlagSpec[] = [
  { flags: '--anonymous <id>', description: 'anonymous voter id (the widget uses an MD5 hex of the e-mail)' },
  { flags: '--anonymous-from <email>', description: 'derive the anonymous id from an e-mail: MD5 hex of the trimmed, lower-cased address' },
];

export const postArg = { name: 'post', description: 'post key', complete: 'posts' as const };
