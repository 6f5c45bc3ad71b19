import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../../../src/server/kb/link-health/extract-links.js';

describe('extractLinks', () => {
  it('finds inline markdown links, with or without a title', () => {
    const body = 'See [docs](https://docs.example.com/a "The docs") and [b](http://b.example.com/x).';
    expect(extractLinks(body, 'markdown')).toEqual(['https://docs.example.com/a', 'http://b.example.com/x']);
  });

  it('keeps balanced parentheses inside a markdown link destination', () => {
    const body = '[Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and [angle](<https://a.example.com/with space>)';
    expect(extractLinks(body, 'markdown')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://a.example.com/with space',
    ]);
  });

  it('finds reference-style definitions', () => {
    const body =
      'Read [the guide][g] and [faq].\n\n[g]: https://guide.example.com/start "Guide"\n  [faq]: <https://faq.example.com/>\n';
    expect(extractLinks(body, 'markdown')).toEqual(['https://guide.example.com/start', 'https://faq.example.com/']);
  });

  it('finds autolinks', () => {
    expect(extractLinks('Go to <https://auto.example.com/path?q=1>.', 'markdown')).toEqual([
      'https://auto.example.com/path?q=1',
    ]);
  });

  it('finds bare URLs and strips trailing sentence punctuation', () => {
    const body = 'Visit https://a.example.com/page. Or https://b.example.com, or (see https://c.example.com/x) now!';
    expect(extractLinks(body, 'markdown')).toEqual([
      'https://a.example.com/page',
      'https://b.example.com',
      'https://c.example.com/x',
    ]);
  });

  it('keeps a closing parenthesis of a bare URL when it is balanced', () => {
    expect(extractLinks('Read https://en.wikipedia.org/wiki/Foo_(bar).', 'markdown')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
  });

  it('finds double- and single-quoted hrefs in wysiwyg HTML and decodes &amp;', () => {
    const body = `<p><a href="https://x.example.com/?a=1&amp;b=2">x</a> <a class='c' href='https://y.example.com/'>y</a></p>`;
    expect(extractLinks(body, 'wysiwyg')).toEqual(['https://x.example.com/?a=1&b=2', 'https://y.example.com/']);
  });

  it('finds bare URLs in wysiwyg text without swallowing escaped brackets', () => {
    const body = '<p>Plain https://t.example.com/a?x=1&amp;y=2 and &lt;https://u.example.com/&gt;</p>';
    expect(extractLinks(body, 'wysiwyg')).toEqual(['https://t.example.com/a?x=1&y=2', 'https://u.example.com/']);
  });

  it('finds hrefs of HTML inside markdown', () => {
    const body = 'Intro\n\n<a href="https://html.example.com/in-md">here</a> then [md](https://md.example.com/)';
    expect(extractLinks(body, 'markdown')).toEqual(['https://html.example.com/in-md', 'https://md.example.com/']);
  });

  it('counts image sources as links', () => {
    const body = '![logo](https://img.example.com/logo.png) <img src="https://img.example.com/b.png">';
    expect(extractLinks(body, 'markdown')).toEqual([
      'https://img.example.com/logo.png',
      'https://img.example.com/b.png',
    ]);
  });

  it('ignores mailto, relative and anchor links', () => {
    const body =
      '[mail](mailto:a@example.com) [rel](/docs/page) [rel2](../up) [anchor](#top) <a href="#s">s</a> <a href="page.html">p</a> [ftp](ftp://f.example.com/)';
    expect(extractLinks(body, 'markdown')).toEqual([]);
    expect(extractLinks('<a href="mailto:x@example.com">m</a><a href="/x">r</a>', 'wysiwyg')).toEqual([]);
  });

  it('ignores URLs inside code', () => {
    const body =
      'Call `curl https://api.example.com/v1` or\n\n```sh\ncurl https://api2.example.com/\n```\n\nbut see https://real.example.com';
    expect(extractLinks(body, 'markdown')).toEqual(['https://real.example.com']);
    expect(extractLinks('<pre>https://p.example.com</pre><p>https://q.example.com</p>', 'wysiwyg')).toEqual([
      'https://q.example.com',
    ]);
  });

  it('returns distinct URLs in order of first appearance', () => {
    const body =
      'https://b.example.com then [a](https://a.example.com) then <https://b.example.com> and [again](https://a.example.com)';
    expect(extractLinks(body, 'markdown')).toEqual(['https://b.example.com', 'https://a.example.com']);
  });

  it('does not report a link destination twice in a differently-cut form', () => {
    const body = '[t](https://d.example.com/x "title") <a href="https://e.example.com/?a=1&amp;b=2">e</a>';
    expect(extractLinks(body, 'markdown')).toEqual(['https://d.example.com/x', 'https://e.example.com/?a=1&b=2']);
  });

  // Each of these made a regular expression of the former extractor backtrack for seconds to minutes.
  it.each([
    [
      'a URL followed by 50,000 closing parentheses',
      `http://x.example.com/${')'.repeat(50_000)}`,
      ['http://x.example.com/'],
    ],
    [
      'a URL followed by 50,000 opening parentheses',
      `http://x.example.com/${'('.repeat(50_000)}`,
      ['http://x.example.com/'],
    ],
    ['20,000 unclosed link openers', '[a]('.repeat(20_000), []],
    ['50,000 backticks', `x ${'`'.repeat(50_000)}a http://y.example.com`, ['http://y.example.com']],
    ['20,000 unclosed tags', '<a href='.repeat(20_000), []],
  ])('%s is read in one pass', (_name, body, links) => {
    expect(extractLinks(body, 'markdown')).toEqual(links);
  });
});
