import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/cli/errors.js';
import { oneLine } from '../../src/cli/output/cells.js';

describe('cleanText: a server text as one line', () => {
  it.each([
    ['The name field is required.', 'The name field is required.'],
    ['<h1>502 Bad Gateway</h1><hr><center>nginx</center>', '502 Bad Gateway nginx'],
    ['<style>p{}</style><p>Fish &amp; chips&nbsp;&#39;x&#39;</p><script>alert(1)</script>', "Fish & chips 'x'"],
    ['a < b, 5 > 3, <>', 'a < b, 5 > 3, <>'],
    ['x<y and more', 'x<y and more'],
    ['AT&T &copy; 2026', 'AT&T © 2026'],
  ])('%j is %j', (text, clean) => {
    expect(cleanText(text)).toBe(clean);
  });

  it('reads a megabyte of unclosed tags and scripts in one pass', () => {
    expect(cleanText('<'.repeat(1 << 20))).toBe(`${'<'.repeat(199)}…`);
    expect(cleanText(`${'<script>'.repeat(100_000)}x`)).toBe('');
    expect(cleanText(`${'<a '.repeat(300_000)}>ok`)).toBe('ok');
  });
});

describe('oneLine', () => {
  it('turns line breaks and tabs, with the spaces around them, into one space', () => {
    expect(oneLine('  a  \n\t  b \r\n c  ')).toBe('  a b c');
    expect(oneLine(`${' '.repeat(100_000)}x`)).toBe(`${' '.repeat(100_000)}x`);
  });
});
