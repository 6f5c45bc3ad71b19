import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { describe, expect, it } from 'vitest';
import { renderPage, type Page } from '../../../src/cli/output/page.js';
import { richTextLines } from '../../../src/cli/output/rich-text.js';

const style = (width: number, bold = (t: string) => `<b>${t}</b>`) => ({ width, bold, wrapAnsi, stringWidth });
const shown = (body: string, editor: 'markdown' | 'wysiwyg', width = 80) =>
  renderPage(richTextLines(body, editor), style(width));

describe('bodies as terminal text', () => {
  it('D-TEXT-VIEW markdown and the same text as HTML read alike: bold, links as text (url), lists, paragraphs', () => {
    const md = '**Fixed** in 2.3, see [the notes](https://acme.test/notes).\n\n- one\n- two\n\n1. first\n2. second';
    const html =
      '<p><strong>Fixed</strong> in 2.3, see <a href="https://acme.test/notes">the notes</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>';
    const expected =
      '<b>Fixed</b> in 2.3, see the notes (https://acme.test/notes).\n\n• one\n• two\n\n1. first\n2. second\n';
    expect(shown(md, 'markdown')).toBe(expected);
    expect(shown(html, 'wysiwyg')).toBe(expected);
  });

  it('D-TEXT-VIEW long lines wrap at the width on word boundaries, list items under their text', () => {
    const words = 'the dark mode setting should follow the system setting on every platform';
    expect(shown(words, 'markdown', 30)).toBe(
      'the dark mode setting should\nfollow the system setting on\nevery platform\n',
    );
    expect(shown(`- ${words}`, 'markdown', 30)).toBe(
      '• the dark mode setting should\n  follow the system setting on\n  every platform\n',
    );
    // A word longer than the line stays whole.
    expect(shown('see https://acme.test/a/very/long/address/that/does/not/fit here', 'markdown', 20)).toBe(
      'see\nhttps://acme.test/a/very/long/address/that/does/not/fit\nhere\n',
    );
  });

  it('code stays as written, a bare address is shown once, headings are bold, nested lists indent', () => {
    expect(shown('# Steps\n\n```\nnpm ci\n  npm test\n```\n\n<https://acme.test>', 'markdown')).toBe(
      '<b>Steps</b>\n\nnpm ci\n  npm test\n\nhttps://acme.test\n',
    );
    expect(shown('- a\n  - b\n- c', 'markdown')).toBe('• a\n  • b\n• c\n');
  });

  it('raw HTML in markdown is text (as the portal renders it); in wysiwyg HTML, scripts are dropped', () => {
    expect(shown('a <b>b</b>', 'markdown')).toBe('a <b>b</b>\n');
    expect(shown('<p>a<script>alert(1)</script></p><p>b<br>c</p>', 'wysiwyg')).toBe('a\n\nb\nc\n');
  });

  it('control characters of the text, entities included, are shown, not obeyed; fp adds its own bold after', () => {
    const page: Page = richTextLines('<p><strong>x&#27;]52;c;AAAA&#7;</strong> \u001b[2J</p>', 'wysiwyg');
    expect(
      renderPage(
        page,
        style(80, (t) => `\u001b[1m${t}\u001b[22m`),
      ),
    ).toBe('\u001b[1mx␛]52;c;AAAA␇\u001b[22m ␛[2J\n');
  });
});
