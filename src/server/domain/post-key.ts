import { randomInt } from 'node:crypto';

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh random post key of 5 characters (longer only when 5 keep colliding) that
 * `taken` does not know: keys are unique across every portal of the store, so a later
 * archive or link can never mistake a post for another portal's. A key is never all
 * digits, which the anonymous-vote route reads as a comment id (D-VOTE-KEY).
 */
export function newPostKey(taken: (key: string) => boolean): string {
  for (let length = 5; ; length++) {
    for (let attempt = 0; attempt < 20; attempt++) {
      let key = '';
      for (let i = 0; i < length; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
      if (!/^\d+$/.test(key) && !taken(key)) return key;
    }
  }
}
