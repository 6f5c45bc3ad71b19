import { describe, expect, it } from 'vitest';
import { parseMarkdownFile, renderMarkdownFile, renderRootIndex } from '../../../../src/server/kb/archive/front-matter.js';

describe('front matter', () => {
  it('keeps the body byte for byte, with or without a trailing newline', () => {
    for (const body of ['', 'x', 'x\n', 'x\n\n', '\n', '---\nnot front matter\n---\n', 'a\r\nb\r\n']) {
      expect(parseMarkdownFile(renderMarkdownFile({ title: 't' }, body), 'f.md')).toEqual({ data: { title: 't' }, body });
    }
  });

  it('reads a file without an opening --- line as all body', () => {
    expect(parseMarkdownFile('----\ntitle: x\n---\n', 'f.md')).toEqual({ data: {}, body: '----\ntitle: x\n---\n' });
  });

  it('accepts an empty front matter block', () => {
    expect(parseMarkdownFile('---\n---\nbody', 'f.md')).toEqual({ data: {}, body: 'body' });
  });

  it('accepts a closing fence at the very end of the file', () => {
    expect(parseMarkdownFile('---\ntitle: x\n---', 'f.md')).toEqual({ data: { title: 'x' }, body: '' });
  });

  it('renders a root description that looks like front matter behind an empty block', () => {
    for (const description of ['---', '---\nid: 1\n---\n', '\uFEFFbom', 'plain']) {
      const text = renderRootIndex(description);
      expect(parseMarkdownFile(text, '_index.md').body).toBe(description);
    }
    expect(renderRootIndex('plain')).toBe('plain');
    // The reader's UTF-8 decoder drops a leading BOM, so one must not open the file.
    expect(renderRootIndex('\uFEFFbom')).toBe('---\n---\n\uFEFFbom');
  });
});
