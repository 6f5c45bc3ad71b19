import { describe, expect, it } from 'vitest';
import { plainText, postSummary, shortText, type EditorType } from '../../../src/server/domain/posts-text.js';

/** How much of a body its short text and first image are read from (D-POST-TEXT-HEAD). */
const HEAD_LENGTH = 2048;

/** A post's image_main: the first image of its body. */
const firstImageUrl = (body: string, editor: EditorType) => postSummary(body, editor).image;

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

describe('shortText cuts as Str::limit does', () => {
  it('keeps text within the limit as is', () => {
    expect(shortText('a'.repeat(150), 'markdown', 150)).toBe('a'.repeat(150));
  });

  it('cuts longer text at the limit and adds "..." (Str::limit)', () => {
    expect(shortText('a'.repeat(151), 'markdown', 150)).toBe(`${'a'.repeat(150)}...`);
    expect(shortText('hello world again', 'markdown', 6)).toBe('hello...');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shortText('😀'.repeat(3), 'markdown', 3)).toBe('😀😀😀');
    expect(shortText('😀'.repeat(4), 'markdown', 3)).toBe('😀😀😀...');
  });
});

describe('image_main: the first image', () => {
  it('finds a markdown image', () => {
    expect(firstImageUrl('text ![alt](https://img.test/a.png "title") more', 'markdown')).toBe(
      'https://img.test/a.png',
    );
  });

  it('finds an HTML image, whichever comes first wins', () => {
    expect(
      firstImageUrl('<img alt="x" src="https://img.test/b.png?a=1&amp;b=2"> ![a](https://img.test/c.png)', 'markdown'),
    ).toBe('https://img.test/b.png?a=1&b=2');
    expect(firstImageUrl("![a](https://img.test/c.png) <img src='https://img.test/b.png'>", 'markdown')).toBe(
      'https://img.test/c.png',
    );
  });

  it('is empty without an image; plain links are not images', () => {
    expect(firstImageUrl('See [docs](https://docs.test/x.png).', 'markdown')).toBe('');
  });
});

describe('image_main: only web addresses', () => {
  it.each([
    ['an HTML image', '<img src="javascript:alert(1)">'],
    ['a markdown image', '![x](javascript:alert(1))'],
    ['a data: URL', '![x](data:text/html,<script>alert(1)</script>)'],
    ['an HTML data: URL', '<img src="data:text/html;base64,PHNjcmlwdD4=">'],
    ['an entity-encoded scheme', '<img src="&#106;avascript:alert(1)">'],
    ['a tab in the scheme', '![x](<java\tscript:alert(1)>)'],
    ['a relative address', '![x](/uploads/a.png)'],
    ['a protocol-relative address', '<img src="//img.test/a.png">'],
  ])('%s with a script or no web address is not an image', (_name, body) => {
    expect(firstImageUrl(body, 'markdown')).toBe('');
    expect(firstImageUrl(body, 'wysiwyg')).toBe('');
  });

  it('passes over an image that is not a web address to the next one', () => {
    expect(firstImageUrl('![x](javascript:alert(1)) ![y](https://img.test/y.png)', 'markdown')).toBe(
      'https://img.test/y.png',
    );
    expect(firstImageUrl('<img src="data:image/png;base64,AA"><img src="HTTPS://img.test/z.png">', 'wysiwyg')).toBe(
      'HTTPS://img.test/z.png',
    );
  });

  it('reads a destination with parentheses as markdown does', () => {
    expect(firstImageUrl('![x](https://img.test/a_(1).png)', 'markdown')).toBe('https://img.test/a_(1).png');
    expect(firstImageUrl('![x](<https://img.test/a b.png>)', 'markdown')).toBe('https://img.test/a b.png');
    expect(firstImageUrl('![x][shot]\n\n[shot]: https://img.test/ref.png', 'markdown')).toBe(
      'https://img.test/ref.png',
    );
  });

  it('reads the body as its editor writes it: markdown images in HTML are text, code is not an image', () => {
    expect(firstImageUrl('<p>![x](https://img.test/a.png)</p>', 'wysiwyg')).toBe('');
    expect(
      firstImageUrl('`![x](https://img.test/a.png)`\n\n```\n<img src="https://img.test/b.png">\n```', 'markdown'),
    ).toBe('');
  });

  it('D-POST-TEXT-HEAD looks at the first HEAD_LENGTH characters only', () => {
    const filler = 'word '.repeat(HEAD_LENGTH / 5);
    expect(firstImageUrl(`${filler}![x](https://img.test/late.png)`, 'markdown')).toBe('');
    expect(firstImageUrl(`![x](https://img.test/early.png) ${filler}`, 'markdown')).toBe('https://img.test/early.png');
  });
});

describe('shortText', () => {
  it('is the plain text of the start of the body, cut to the limit', () => {
    expect(shortText('**Dark** mode, please', 'markdown', 150)).toBe('Dark mode, please');
    expect(shortText(`# Title\n\n${'a '.repeat(HEAD_LENGTH)}`, 'markdown', 10)).toBe('Title a a...');
  });

  it('drops raw script and style inside markdown, and keeps text that only looks like a tag', () => {
    expect(plainText('Hi <script>alert(1)</script><style>p{}</style> there, 5 < 6 &amp; <b>bold</b>', 'markdown')).toBe(
      'Hi there, 5 < 6 & bold',
    );
  });
});

describe('postSummary', () => {
  it.each(['markdown', 'wysiwyg'] as const)('is shortText and the first image from one reading (%s)', (editor) => {
    for (const [body, image] of [
      ['', ''],
      [
        '# Hi\n\n![x](https://img.test/a.png) **bold** <img src="https://img.test/b.png"> text',
        editor === 'markdown' ? 'https://img.test/a.png' : 'https://img.test/b.png',
      ],
      ['<p>One &amp; two</p><img src="javascript:x"><img src="https://img.test/c.png">', 'https://img.test/c.png'],
      [`${'![['.repeat(5_000)} ![x](https://img.test/late.png)`, ''],
    ]) {
      // Twice: the second answer may come from the summaries kept.
      expect(postSummary(body, editor)).toEqual(postSummary(body, editor));
      expect(postSummary(body, editor)).toEqual({ short: shortText(body, editor, 150), image });
    }
  });
});
