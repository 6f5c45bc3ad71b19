import { createHash } from 'node:crypto';
import { UsageError } from '../../errors.js';

/** The anonymous id the widget derives from an e-mail: MD5 hex of the trimmed, lower-cased address. */
function anonymousIdFromEmail(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

/** Exactly one of `--anonymous ID` and `--anonymous-from EMAIL`. */
export function resolveAnonymousId(opts: { anonymous?: string; anonymousFrom?: string }): string {
  if (opts.anonymous !== undefined && opts.anonymousFrom !== undefined) {
    throw new UsageError('use either --anonymous or --anonymous-from, not both');
  }
  if (opts.anonymousFrom !== undefined) {
    if (opts.anonymousFrom.trim() === '') throw new UsageError('--anonymous-from needs an e-mail address');
    return anonymousIdFromEmail(opts.anonymousFrom);
  }
  if (opts.anonymous !== undefined) {
    if (opts.anonymous.trim() === '') throw new UsageError('--anonymous needs a non-empty id');
    return opts.anonymous;
  }
  throw new UsageError('missing voter: pass --anonymous ID or --anonymous-from EMAIL');
}
