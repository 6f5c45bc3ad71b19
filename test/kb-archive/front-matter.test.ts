import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { parseMarkdownFile, renderMarkdownFile, renderRootIndex } from '../../src/kb-archive/front-matter.js';

describe('front matter', () => {
  it('writes every value as yaml does and reads it back unchanged (titles with colons, keywords, numbers as text)', () => {
    const values = [
      'Installation',
      'Step 1: install',
      'Step 1:',
      'a:b',
      'C# tips',
      'a #b',
      '#tag',
      'yes',
      'No',
      'null',
      'True',
      '~',
      '12345',
      '0x1f',
      '1e5',
      '.inf',
      'trailing ',
      ' leading',
      '- item',
      '[x]',
      "it's: x",
      'say "hi": now',
      'back\\slash',
      'line\nbreak',
      'émigré',
      'Q&A',
      '*star',
      '!tag',
      '@at',
      '%pct',
      '|pipe',
      '>gt',
      'x?',
      'C++ guide',
      'a/b',
      '',
      7,
      0,
      -3,
    ];
    for (const value of values) {
      const frontMatter = { id: value, title: value, sort_order: 2 };
      const text = renderMarkdownFile(frontMatter, 'body');
      expect(text).toBe(`---\n${stringify(frontMatter, { lineWidth: 0, minContentWidth: 0 })}---\nbody`);
      expect(parseMarkdownFile(text, 'f.md')).toEqual({ data: frontMatter, body: 'body' });
    }
  });

  it('reads every front matter as yaml does, on the lines the export writes and on near misses', () => {
    // A fixed pseudo-random sequence: the same cases on every run.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = [
      'a',
      'Z',
      '0',
      '9',
      ' ',
      '_',
      '.',
      ',',
      '(',
      ')',
      '/',
      '+',
      '-',
      ':',
      '#',
      "'",
      '"',
      '\\',
      '[',
      '{',
      '!',
      '&',
      '*',
      '|',
      '>',
      '%',
      '@',
      '`',
      '?',
      '~',
      '\t',
      'é',
    ];
    const values: string[] = [
      'yes',
      'No',
      'null',
      'True',
      '~',
      '0',
      '007',
      '-5',
      '1e5',
      '0x1f',
      '.inf',
      'Step 1: install',
      'a #b',
      'x -',
    ];
    for (let i = 0; i < 5000; i++) {
      let v = '';
      for (let n = 1 + Math.floor(next() * 8); n > 0; n--) v += alphabet[Math.floor(next() * alphabet.length)];
      values.push(v);
    }
    for (const v of values) {
      for (const line of [`title: ${v}`, `title: "${v}"`, `sort_order: ${v}`, `id: 12\ntitle: ${v}`]) {
        // The oracle: yaml itself, as the reader calls it.
        const doc = parseDocument(`${line}\n`, { uniqueKeys: false, prettyErrors: false });
        let expected: unknown;
        try {
          if (doc.errors.length > 0) throw doc.errors[0];
          expected = doc.toJS({ maxAliasCount: 100 });
        } catch {
          expect(() => parseMarkdownFile(`---\n${line}\n---\nbody`, 'f.md')).toThrow();
          continue;
        }
        if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) continue;
        expect(parseMarkdownFile(`---\n${line}\n---\nbody`, 'f.md').data).toEqual(expected);
      }
    }
    // 20,000 parses by two readers: room for a loaded machine.
  }, 120_000);

  it('keeps the body byte for byte, with or without a trailing newline', () => {
    for (const body of ['', 'x', 'x\n', 'x\n\n', '\n', '---\nnot front matter\n---\n', 'a\r\nb\r\n']) {
      expect(parseMarkdownFile(renderMarkdownFile({ title: 't' }, body), 'f.md')).toEqual({
        data: { title: 't' },
        body,
      });
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
