import { createHmac } from 'node:crypto';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';

/**
 * Consistent pseudonyms under a key: the same input always gives the same
 * output within one snapshot (or across snapshots made with the same salt),
 * and without the salt the output says nothing about the input beyond its shape.
 */
export class Anonymizer {
  constructor(private readonly salt: string) {}

  private digest(kind: string, input: string): Buffer {
    return createHmac('sha256', this.salt).update(`${kind}\u0000${input}`).digest();
  }

  private tag(kind: string, input: string): string {
    return this.digest(kind, input).toString('hex').slice(0, 8);
  }

  name(name: string): string {
    return `User ${this.tag('name', name)}`;
  }

  email(email: string): string {
    return email ? `user-${this.tag('email', email.trim().toLowerCase())}@example.invalid` : '';
  }

  /**
   * Free text with its shape kept (length, spacing, punctuation, markup): each
   * letter and digit is replaced from a keystream seeded by the whole text, so
   * equal texts stay equal while equal words in different texts do not.
   */
  text(text: string): string {
    let block = this.digest('text', text);
    let counter = 0;
    let at = 0;
    const next = () => {
      if (at === block.length) {
        block = createHmac('sha256', this.salt).update(block).update(String(++counter)).digest();
        at = 0;
      }
      return block[at++];
    };
    let out = '';
    for (const ch of text) {
      if (ch >= 'a' && ch <= 'z') out += LOWER[next() % 26];
      else if (ch >= 'A' && ch <= 'Z') out += UPPER[next() % 26];
      else if (ch >= '0' && ch <= '9') out += DIGITS[next() % 10];
      else if (/\p{L}/u.test(ch)) out += LOWER[next() % 26];
      else out += ch;
    }
    return out;
  }
}
