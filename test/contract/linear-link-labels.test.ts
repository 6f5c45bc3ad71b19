import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Parser } from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { linearLinkLabels } from '../../src/contract/linear-link-labels.js';

const stock = new MarkdownIt({ html: true, linkify: true });
const linear = linearLinkLabels(new MarkdownIt({ html: true, linkify: true }));

/** Steps markdown-it's inline walk takes (each a call of skipToken) to read `source`. */
function stepsToRead(md: Parser, source: string): number {
  const skipToken = md.inline.skipToken.bind(md.inline);
  let steps = 0;
  md.inline.skipToken = (state) => {
    steps++;
    skipToken(state);
  };
  try {
    md.parse(source, {});
  } finally {
    md.inline.skipToken = skipToken;
  }
  return steps;
}

describe('D-LINK-LABELS linearLinkLabels', () => {
  it('reads every text as markdown-it does (5,000 generated texts of brackets, links, code and HTML)', () => {
    const piece = fc.constantFrom(
      '[',
      ']',
      '![',
      '(',
      ')',
      '`',
      '*',
      '_',
      'a',
      ' ',
      '\n',
      '\n\n',
      '<',
      '>',
      '\\',
      '"',
      ':',
      '&amp;',
      'https://x.test',
      '<img src=x>',
      '<a href="y">',
      '[a]: /u\n',
      '[a]',
      '](b)',
      '~~',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const source = pieces.join('');
        expect(linear.render(source)).toBe(stock.render(source));
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps the links markdown-it finds: nested labels, links inside images, references', () => {
    for (const source of [
      '[a [b] c](/u) [[x]](/y) [a [b](/in) c](/out)',
      '![a [b](/link) c](/img.png) [![i](/i.png)](/l)',
      '[x][ref] [ref] [[ref]]\n\n[ref]: /r',
      '[`]`](/code) [<span>]</span>](/html) [\\]](/escaped)',
    ]) {
      expect(linear.render(source)).toBe(stock.render(source));
    }
  });

  it.each(['![', '[', '[![', '![[', '[x][', '`[', '[`', '[](', '[a](b ', '*[', '<a [', '[[]]', '[a]: b\n['])(
    'reads 32,000 characters of %j repeated in at most one step of the inline walk per character',
    (unit) => {
      const text = unit.repeat(32_000 / unit.length);
      expect(stepsToRead(linear, text)).toBeLessThanOrEqual(text.length);
    },
  );

  it('saves markdown-it a walk over up to 100 nested labels for every bracket', () => {
    const text = '!['.repeat(4_000);
    expect(stepsToRead(stock, text)).toBeGreaterThan(50 * text.length);
    expect(stepsToRead(linear, text)).toBeLessThanOrEqual(text.length);
  });
});
