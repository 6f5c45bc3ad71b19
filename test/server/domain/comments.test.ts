import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommentCreateBody } from '../../../src/contract/schemas/comment.js';
import {
  createComment,
  deleteComment,
  findCommentById,
  listComments,
  updateComment,
} from '../../../src/server/domain/comments.js';
import { NotFoundError, ValidationError } from '../../../src/server/domain/errors.js';
import { renderMarkdown, sanitizeHtml } from '../present/formatted-comment.js';
import { seedWith, storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';
import { ANN, BOB, CARA, fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const portal = (): Portal => storedPortal(fixtureSeed(), NOW);
const input = (over: Partial<CommentCreateBody> = {}): CommentCreateBody => ({
  user_id: CARA,
  comment: 'Hello there',
  ...over,
});

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('comment rules', () => {
  it('lists pinned comments first, then oldest first, replies included', () => {
    const p = portal();
    p.comments.update(102, { pinned_to_top: true });
    expect(listComments(p, 'dark1').map((c) => c.id)).toEqual([102, 100, 101, 103]);
  });

  it('an unknown post or comment is the service 404', () => {
    const p = portal();
    const post = thrown(() => listComments(p, 'nope9'));
    expect(post).toBeInstanceOf(NotFoundError);
    expect((post as Error).message).toBe('No query results for model [App\\Models\\Post] nope9');
    expect((thrown(() => findCommentById(p, 'x1')) as Error).message).toBe(
      'No query results for model [App\\Models\\Comment] x1',
    );
    expect((thrown(() => findCommentById(p, '999')) as Error).message).toBe(
      'No query results for model [App\\Models\\Comment] 999',
    );
  });

  it('D-COMMENT-IDS a new comment gets the next id, the time now, and status approved', () => {
    const p = portal();
    const c = createComment(p, 'dark1', input(), NOW);
    expect(c).toEqual({
      id: 106,
      post_key: 'dark1',
      user_id: CARA,
      comment: 'Hello there',
      parent_id: null,
      moderation_status: 'approved',
      pinned_to_top: false,
      tagged_for_changelog: false,
      votes_count: 0,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      moderated_by: null,
      moderated_at: null,
    });
    expect(p.comments.list().at(-1)).toEqual(c);
  });

  it('a new comment starts pending when the portal moderates comments', () => {
    const p = storedPortal(
      seedWith((s) => (s.moderate_comments = true)),
      NOW,
    );
    expect(createComment(p, 'dark1', input(), NOW).moderation_status).toBe('pending');
  });

  it('the author must be a user of the portal and the parent a comment of the same post', () => {
    const p = portal();
    const err = thrown(() =>
      createComment(p, 'dark1', input({ user_id: '99999999-9999-4999-8999-999999999999', parent_id: 104 }), NOW),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).errors).toEqual({
      user_id: ['The selected user id is invalid.'],
      parent_id: ['The selected parent id is invalid.'],
    });
    expect(p.comments.list()).toHaveLength(6);
  });

  it('setting tagged_for_changelog removes the tag from the previously tagged comment of the post', () => {
    const p = portal();
    const other = createComment(p, 'sso22', input({ tagged_for_changelog: true }), NOW);
    const c = createComment(p, 'dark1', input({ tagged_for_changelog: true }), NOW);
    expect(p.comments.list().filter((x) => x.post_key === 'dark1' && x.tagged_for_changelog)).toEqual([c]);
    expect(other.tagged_for_changelog).toBe(true);
    updateComment(p, '100', { comment: 'Now me', tagged_for_changelog: true }, NOW);
    expect(
      p.comments
        .list()
        .filter((x) => x.post_key === 'dark1' && x.tagged_for_changelog)
        .map((x) => x.id),
    ).toEqual([100]);
  });

  it('the new flag name wins over its older alias; the alias alone works', () => {
    const p = portal();
    expect(createComment(p, 'dark1', input({ pinned_to_top: false, pin_to_top: true }), NOW).pinned_to_top).toBe(false);
    expect(createComment(p, 'dark1', input({ pin_to_top: true }), NOW).pinned_to_top).toBe(true);
    expect(
      createComment(p, 'dark1', input({ tagged_for_changelog: null, use_for_changelog: true }), NOW)
        .tagged_for_changelog,
    ).toBe(true);
  });

  it('a silent comment records no event; a loud one records CommentCreated and the mails', () => {
    const p = portal();
    createComment(p, 'dark1', input({ silent: true }), NOW);
    expect(p.eventLog.records()).toEqual([]);
    const c = createComment(p, 'dark1', input({ silent: false }), NOW);
    expect(p.eventLog.records().map((e) => e.type)).toEqual(['CommentCreated', 'mail', 'comment.created']);
    expect(p.eventLog.records()[0].payload).toEqual({ comment_id: c.id, post_key: 'dark1', user_id: CARA });
  });

  it('mails go to the post author and the parent author, never to the commenter, nobody twice', () => {
    /** The mails a reply by `user_id` to comment `parent_id` of dark1 sends. */
    const mails = (user_id: string, parent_id: number) => {
      const p = portal();
      createComment(p, 'dark1', input({ user_id, parent_id }), NOW);
      return p.eventLog
        .records()
        .filter((e) => e.type === 'mail')
        .map((e) => e.payload as { to: string; template: string });
    };
    expect(mails(ANN, 100).map((m) => [m.to, m.template])).toEqual([
      ['bob@test.test', 'new_comment'],
      ['cara@test.test', 'new_reply'],
    ]);
    expect(mails(BOB, 100).map((m) => m.to)).toEqual(['cara@test.test']);
    expect(mails(CARA, 101).map((m) => m.to)).toEqual(['bob@test.test']);
  });

  it('a user without an e-mail address is not mailed', () => {
    const p = storedPortal(
      seedWith((s) => (s.users!.find((u) => u.id === BOB)!.email = '')),
      NOW,
    );
    createComment(p, 'dark1', input(), NOW);
    expect(p.eventLog.records().map((e) => e.type)).toEqual(['CommentCreated', 'comment.created']);
  });

  it('update refuses a parent that is the comment itself or one of its replies', () => {
    const p = portal();
    for (const parent_id of [100, 101, 102]) {
      const err = thrown(() => updateComment(p, '100', { comment: 'Loop', parent_id }, NOW));
      expect((err as ValidationError).errors).toEqual({ parent_id: ['The selected parent id is invalid.'] });
    }
    expect(updateComment(p, '100', { comment: 'Fine', parent_id: 103 }, NOW).parent_id).toBe(103);
  });

  it('update leaves what is not sent, and stamps updated_at', () => {
    const p = portal();
    const c = updateComment(p, '103', { comment: 'Shipped in 2.0.1' }, NOW);
    expect(c).toMatchObject({
      comment: 'Shipped in 2.0.1',
      tagged_for_changelog: true,
      pinned_to_top: false,
      parent_id: null,
    });
    expect(c.updated_at).toBe(NOW.toISOString());
    expect(c.created_at).toBe('2026-02-13T00:00:00Z');
  });

  it('deleting a comment deletes its direct replies, one level only; deeper replies become top-level', () => {
    const p = portal();
    expect(deleteComment(p, '100').sort()).toEqual([100, 101]);
    expect(p.comments.list().map((c) => [c.id, c.parent_id])).toEqual([
      [102, null],
      [103, null],
      [104, null],
      [105, null],
    ]);
  });

  it('custom times without a zone are UTC; dates alone are midnight UTC; offsets are honoured', () => {
    const parseCustomTime = (created_at: string) =>
      createComment(portal(), 'dark1', input({ created_at }), NOW).created_at;
    expect(parseCustomTime('2025-03-04 05:06:07')).toBe('2025-03-04T05:06:07.000Z');
    expect(parseCustomTime('2025-03-04T05:06')).toBe('2025-03-04T05:06:00.000Z');
    expect(parseCustomTime('2025-03-04')).toBe('2025-03-04T00:00:00.000Z');
    expect(parseCustomTime('2025-03-04T05:06:07Z')).toBe('2025-03-04T05:06:07.000Z');
    expect(parseCustomTime('2025-03-04 05:06:07+0200')).toBe('2025-03-04T03:06:07.000Z');
    expect(parseCustomTime('2025-03-04T05:06:07.5-01:00')).toBe('2025-03-04T06:06:07.500Z');
  });
});

describe('formatted_comment rendering', () => {
  it('markdown: paragraphs, emphasis, links, code, lists, headings and quotes', () => {
    expect(renderMarkdown('Yes please!')).toBe('<p>Yes please!</p>\n');
    expect(renderMarkdown('**b** *i* _u_ `a<b>` snake_case_name')).toBe(
      '<p><strong>b</strong> <em>i</em> <em>u</em> <code>a&lt;b&gt;</code> snake_case_name</p>\n',
    );
    expect(renderMarkdown('one\ntwo  \nthree\n\nnext')).toBe('<p>one\ntwo<br />\nthree</p>\n<p>next</p>\n');
    expect(renderMarkdown('[`x` docs](https://a.test/?q=1&r=2 "T")')).toBe(
      '<p><a href="https://a.test/?q=1&amp;r=2" title="T"><code>x</code> docs</a></p>\n',
    );
    expect(renderMarkdown('<https://a.test>')).toBe('<p><a href="https://a.test">https://a.test</a></p>\n');
    expect(renderMarkdown('- a\n- b\n\n2. x\n3. y')).toBe(
      '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="2">\n<li>x</li>\n<li>y</li>\n</ol>\n',
    );
    expect(renderMarkdown('## Title\n> quoted\n\n```js\n<b>\n```')).toBe(
      '<h2>Title</h2>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n<pre><code class="language-js">&lt;b&gt;\n</code></pre>\n',
    );
  });

  it('markdown escapes raw HTML and drops unsafe link targets', () => {
    expect(renderMarkdown('<img src=x onerror=alert(1)> & "q"')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; "q"</p>\n',
    );
    expect(renderMarkdown('[click](javascript:alert)')).toBe('<p>[click](javascript:alert)</p>\n');
    expect(renderMarkdown('[click](JaVa\tScRiPt:alert)')).toBe('<p>[click](JaVa\tScRiPt:alert)</p>\n');
  });

  it('wysiwyg HTML keeps formatting tags and safe attributes, drops scripts, handlers and unsafe URLs', () => {
    expect(sanitizeHtml('<p>Hi <b onclick="x()">there</b><script>bad()</script></p>')).toBe('<p>Hi <b>there</b></p>');
    expect(
      sanitizeHtml('<a href="javascript&#58;alert(1)">x</a><a href="https://ok.test" target="_blank">ok</a>'),
    ).toBe('<a>x</a><a href="https://ok.test">ok</a>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)><div><p>unclosed')).toBe(
      '<img src="x" /><div><p>unclosed</p></div>',
    );
    expect(sanitizeHtml('a < b & c &amp; d</em>')).toBe('a &lt; b &amp; c &amp; d');
    expect(sanitizeHtml('<!-- c --><iframe src="x">in</iframe>after<style>p{}</style>')).toBe('after');
  });

  it('only web, mail and relative URLs are safe link targets', () => {
    /** Whether markdown links to the URL (an unsafe one stays text). */
    const linked = (url: string) => renderMarkdown(`[x](<${url}>)`).includes('<a href=');
    expect(['https://a', 'http://a', 'mailto:a@b', '/rel', '#frag', 'rel/x'].every(linked)).toBe(true);
    expect(['javascript:x', ' javascript:x', 'java\nscript:x', 'data:text/html,x', 'vbscript:x'].some(linked)).toBe(
      false,
    );
  });

  const ALLOWED_TAG =
    /^<\/?(p|br|hr|strong|b|em|i|u|s|strike|del|sub|sup|a|code|pre|ul|ol|li|blockquote|h[1-6]|span|div|img)(\s|\/?>|>)/;
  const tagsOf = (html: string) => [...html.matchAll(/<[^>]*>?/g)].map((m) => m[0]);
  const noScriptUrl = (html: string) => !/\s(href|src)="\s*(javascript|data|vbscript):/i.test(html);

  it('for any input, rendered markdown holds only its own tags and no script URL', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '<',
            '>',
            'a',
            '*',
            '_',
            '`',
            '[',
            ']',
            '(',
            ')',
            ':',
            '\n',
            ' ',
            '"',
            '&',
            '-',
            '#',
            'javascript:',
            'script',
            '=',
          ),
        }),
        (s) => {
          const html = renderMarkdown(s);
          return tagsOf(html).every((t) => ALLOWED_TAG.test(t) && !/\son\w+=/i.test(t)) && noScriptUrl(html);
        },
      ),
    );
  });

  it('for any input, sanitized HTML holds only allowed tags, no event handlers and no script URL', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '<',
            '>',
            '/',
            'a',
            'p',
            'script',
            'img',
            ' ',
            '"',
            "'",
            '=',
            'onerror',
            'href',
            'src',
            'javascript:',
            '&#58;',
            '!--',
            'b',
          ),
        }),
        (s) => {
          const html = sanitizeHtml(s);
          return tagsOf(html).every((t) => ALLOWED_TAG.test(t) && !/\son\w+=/i.test(t)) && noScriptUrl(html);
        },
      ),
    );
  });
});
