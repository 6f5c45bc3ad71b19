import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { renderBody, renderMarkdown, sanitizeHtml } from './formatted-comment.js';

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'sub',
  'sup',
  'a',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'div',
  'img',
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'title', 'alt', 'start', 'class']);

/** What a browser would find in the HTML: tags, attributes (entities decoded) and any URL with a script-capable scheme. */
function problems(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!ALLOWED_TAGS.has(name)) found.push(`tag <${name}>`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (!ALLOWED_ATTRIBUTES.has(attr)) found.push(`attribute ${attr} on <${name}>`);
          if (attr === 'href' || attr === 'src') {
            const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
            const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1].toLowerCase();
            if (scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme)) found.push(`${attr}="${value}"`);
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

// The OWASP XSS filter evasion cheat sheet, as far as it applies to a body of HTML or markdown.
const HTML_VECTORS = [
  `<script>alert('XSS')</script>`,
  `<SCRIPT SRC=https://xss.test/xss.js></SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<a href="java\u0000script:alert(1)">x</a>`,
  `<a href="javascript&colon;alert(1)">x</a>`,
  `<a href="&#x6A;avascript:alert(1)">x</a>`,
  `<a href="  JAVASCRIPT:alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<svg onload=alert(1)>`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<<SCRIPT>alert("XSS");//<</SCRIPT>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<SCRIPT/XSS SRC="https://xss.test/xss.js"></SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS')"`,
  `<iframe src=javascript:alert('XSS')></iframe>`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<form action=javascript:alert(1)><button>x</button></form>`,
  `<details open ontoggle=alert(1)>`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>@import'https://xss.test/xss.css';</STYLE>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<p title="</p><script>alert(1)</script>">x</p>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<a href="https://ok.test" target="_blank" rel="opener" style="x">ok</a>`,
];

const MARKDOWN_VECTORS = [
  `[x](javascript:alert(1))`,
  `[x](JAVASCRIPT:alert(1))`,
  `[x](&#106;avascript:alert(1))`,
  `[x](javas&#99;ript:alert(1))`,
  `[x](javascript&colon;alert(1))`,
  `[x](  javascript:alert(1)  )`,
  `[x](<javascript:alert(1)>)`,
  `![x](javascript:alert(1))`,
  `![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)`,
  `[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `[x](vbscript:msgbox(1))`,
  `<javascript:alert(1)>`,
  `[x][r]\n\n[r]: javascript:alert(1)`,
  `[x](https://ok.test "\\" onmouseover=\\"alert(1)")`,
  `[<img src=x onerror=alert(1)>](https://ok.test)`,
  ...HTML_VECTORS,
];

describe('known XSS vectors (OWASP filter evasion) come out inert', () => {
  it.each(HTML_VECTORS)('wysiwyg: %s', (vector) => {
    expect(problems(sanitizeHtml(vector))).toEqual([]);
  });

  it.each(MARKDOWN_VECTORS)('markdown: %s', (vector) => {
    expect(problems(renderMarkdown(vector))).toEqual([]);
  });

  it('exact outputs for the classic vectors', () => {
    expect(sanitizeHtml(`<svg onload=alert(1)>`)).toBe('');
    expect(sanitizeHtml(`<img src=x onerror=alert(1)>`)).toBe('<img src="x" />');
    expect(sanitizeHtml(`<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>`)).toBe(
      '<img />',
    );
    expect(sanitizeHtml(`<a href="jav&#x09;ascript:alert(1)">x</a>`)).toBe('<a>x</a>');
    expect(sanitizeHtml(`<scr<script>ipt>alert(1)</scr</script>ipt>`)).toBe('ipt&gt;alert(1)ipt&gt;');
    expect(sanitizeHtml(`<a href="https://ok.test" onclick="x()">ok</a>`)).toBe('<a href="https://ok.test">ok</a>');
    expect(renderMarkdown(`[x](javascript:alert(1))`)).toBe('<p>[x](javascript:alert(1))</p>\n');
    expect(renderMarkdown(`<svg onload=alert(1)>`)).toBe('<p>&lt;svg onload=alert(1)&gt;</p>\n');
  });

  it('safe content passes: web, mail and relative links, images over http(s), code with its language', () => {
    expect(
      renderBody('[a](https://a.test/x?y=1&z=2) [m](mailto:a@b.test) [r](/rel) ![i](https://a.test/i.png)', 'markdown'),
    ).toBe(
      '<p><a href="https://a.test/x?y=1&amp;z=2">a</a> <a href="mailto:a@b.test">m</a> <a href="/rel">r</a> <img src="https://a.test/i.png" alt="i" /></p>\n',
    );
    expect(renderBody('Bare https://a.test/page.', 'markdown')).toBe(
      '<p>Bare <a href="https://a.test/page">https://a.test/page</a>.</p>\n',
    );
    expect(renderBody('<ol start="3"><li>x</li></ol><pre><code class="language-ts">y</code></pre>', 'wysiwyg')).toBe(
      '<ol start="3"><li>x</li></ol><pre><code class="language-ts">y</code></pre>',
    );
  });
});
