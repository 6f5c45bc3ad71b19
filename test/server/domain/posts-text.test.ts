import { describe, expect, it } from 'vitest';
import { firstImageUrl, limitText, plainText } from '../../../src/server/domain/posts-text.js';

describe('plainText', () => {
  it('strips markdown syntax but keeps the words', () => {
    expect(
      plainText(
        '# Title\n\nPlease add **dark mode** and _themes_, see [docs](https://x.test).\n\n- one\n- two',
        'markdown',
      ),
    ).toBe('Title Please add dark mode and themes, see docs. one two');
  });

  it('drops markdown images and keeps snake_case words intact', () => {
    expect(plainText('Use the some_field_name option ![shot](https://img.test/a.png) `code`', 'markdown')).toBe(
      'Use the some_field_name option code',
    );
  });

  it('strips HTML tags and decodes entities', () => {
    expect(plainText('<p>Fish &amp; chips</p><p>5 &lt; 6&nbsp;&#33;<br>done</p>', 'wysiwyg')).toBe(
      'Fish & chips 5 < 6 ! done',
    );
  });

  it('drops script and style contents', () => {
    expect(plainText('<style>p{}</style><p>Hi</p><script>alert(1)</script>', 'wysiwyg')).toBe('Hi');
  });
});

describe('limitText', () => {
  it('keeps text within the limit as is', () => {
    expect(limitText('a'.repeat(150), 150)).toBe('a'.repeat(150));
  });

  it('cuts longer text at the limit and adds "..." (Str::limit)', () => {
    expect(limitText('a'.repeat(151), 150)).toBe(`${'a'.repeat(150)}...`);
    expect(limitText('hello world again', 6)).toBe('hello...');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(limitText('😀'.repeat(3), 3)).toBe('😀😀😀');
    expect(limitText('😀'.repeat(4), 3)).toBe('😀😀😀...');
  });
});

describe('firstImageUrl', () => {
  it('finds a markdown image', () => {
    expect(firstImageUrl('text ![alt](https://img.test/a.png "title") more')).toBe('https://img.test/a.png');
  });

  it('finds an HTML image, whichever comes first wins', () => {
    expect(firstImageUrl('<img alt="x" src="https://img.test/b.png?a=1&amp;b=2"> ![a](https://img.test/c.png)')).toBe(
      'https://img.test/b.png?a=1&b=2',
    );
    expect(firstImageUrl("![a](https://img.test/c.png) <img src='https://img.test/b.png'>")).toBe(
      'https://img.test/c.png',
    );
  });

  it('is empty without an image; plain links are not images', () => {
    expect(firstImageUrl('See [docs](https://docs.test/x.png).')).toBe('');
  });
});
