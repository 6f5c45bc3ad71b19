import { describe, expect, it } from 'vitest';
import { toEditorFormat } from '../../src/contract/editor-format.js';

describe('text in the portal editor format', () => {
  it('D-TEXT-EDITOR-FORMAT markdown becomes HTML for a wysiwyg portal (markdown-it), without the trailing newline', () => {
    expect(toEditorFormat('**fixed** in 2.3', 'markdown', 'wysiwyg')).toBe('<p><strong>fixed</strong> in 2.3</p>');
    expect(toEditorFormat('# Title\n\n- one\n- two\n\nSee [docs](https://docs.test/a).', 'markdown', 'wysiwyg')).toBe(
      '<h1>Title</h1>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p>See <a href="https://docs.test/a">docs</a>.</p>',
    );
  });

  it('D-TEXT-EDITOR-FORMAT HTML becomes markdown for a markdown portal (turndown): # headings, - bullets, fenced code', () => {
    expect(toEditorFormat('<p><strong>fixed</strong> in <em>2.3</em></p>', 'html', 'markdown')).toBe(
      '**fixed** in *2.3*',
    );
    expect(
      toEditorFormat('<h2>Steps</h2><ul><li>a</li><li>b</li></ul><pre><code>npm ci</code></pre>', 'html', 'markdown'),
    ).toBe('## Steps\n\n-   a\n-   b\n\n```\nnpm ci\n```');
  });

  it('D-TEXT-EDITOR-FORMAT text already in the editor format is sent as written', () => {
    expect(toEditorFormat('**as is**', 'markdown', 'markdown')).toBe('**as is**');
    expect(toEditorFormat('<p>as is</p>', 'html', 'wysiwyg')).toBe('<p>as is</p>');
  });
});
