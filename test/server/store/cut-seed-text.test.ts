import { describe, expect, it } from 'vitest';
import { findCommentsCut, parseHead, tailText, type SeedCut } from '../../../src/server/store/cut-seed-text.js';

const FEWEST = 2_000;

function seed(comments: unknown[], extra: Record<string, unknown> = {}) {
  return {
    format: 1,
    portals: [
      { title: 'First', hosts: ['a'], comments: [{ post_key: 'p', user_id: 'u', comment: 'first portal' }] },
      { title: 'Last', hosts: ['b'], posts: [{ key: 'p', title: 'P' }], comments, ...extra },
    ],
  };
}

const comments = (n: number, text = (i: number) => `Comment ${i}`) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, post_key: 'p', user_id: 'u', comment: text(i) }));

/** The document the two parts of a cut make, as the loader puts them together; undefined when the cut does not hold. */
function joined(bytes: Buffer, cut: SeedCut): unknown {
  const head = parseHead(bytes, cut);
  if (!head) return undefined;
  let tail: unknown[];
  try {
    tail = JSON.parse(tailText(bytes.subarray(cut.from + 1, cut.to))) as unknown[];
  } catch {
    return undefined;
  }
  const portals = (head.document as { portals: Array<{ comments: unknown[] }> }).portals;
  portals[head.portal].comments.push(...tail);
  return head.document;
}

describe('cutting a seed text at the last comments of its last portal', () => {
  const layouts: Array<[string, object, (v: unknown) => string]> = [
    ['compact, comments last', seed(comments(200)), (v) => JSON.stringify(v)],
    ['indented, comments last', seed(comments(200)), (v) => JSON.stringify(v, null, 2)],
    ['tabs and CRLF', seed(comments(200)), (v) => JSON.stringify(v, null, '\t').replace(/\n/g, '\r\n')],
    [
      'compact, as fp dump writes it (feedback and more after the comments)',
      seed(comments(200), { feedback: [{ type: 'idea', feedback: 'x' }], references: [], events: [] }),
      (v) => JSON.stringify(v),
    ],
    [
      'indented, as fp dump writes it',
      seed(comments(200), { feedback: [], anonymous_votes: [{ post_key: 'p' }] }),
      (v) => JSON.stringify(v, null, 2),
    ],
  ];
  for (const [name, document, write] of layouts) {
    it(`${name}: the parts give the whole document`, () => {
      const bytes = Buffer.from(write(document));
      const cut = findCommentsCut(bytes, 0.6, FEWEST);
      expect(cut).toBeDefined();
      const head = parseHead(bytes, cut!)!;
      const before = (head.document as { portals: Array<{ comments: unknown[] }> }).portals[1].comments.length;
      expect(before).toBeGreaterThan(40);
      expect(before).toBeLessThan(160);
      expect(joined(bytes, cut!)).toEqual(document);
    });
  }

  it('comments whose text looks like the structure around them: no cut, or one that gives the whole document', () => {
    const tricky = [
      '},{"id":1,"post_key":"p"',
      '"comments":[',
      '],"feedback":[',
      ']}]}',
      'a \\"quoted\\" \\\\ text },  {',
      'ünïcödé ✓ 😀 },{',
    ];
    for (const text of tricky) {
      for (const write of [(v: unknown) => JSON.stringify(v), (v: unknown) => JSON.stringify(v, null, 2)]) {
        const document = seed(comments(300, (i) => `${i} ${text} ${i}`));
        const bytes = Buffer.from(write(document));
        for (const share of [0.1, 0.35, 0.5, 0.65, 0.9]) {
          const cut = findCommentsCut(bytes, share, FEWEST);
          if (cut) {
            const result = joined(bytes, cut);
            if (result !== undefined) expect(result).toEqual(document);
          }
        }
      }
    }
  });

  it('a cut that is not where it seems is refused, not joined wrongly', () => {
    // The last comment holds an array followed by a key a portal also has: the end of the comments is misread.
    const document = seed([
      ...comments(100),
      { id: 101, post_key: 'p', user_id: 'u', comment: 'x', extra: [1], events: 2 },
    ]);
    const bytes = Buffer.from(JSON.stringify(document));
    const cut = findCommentsCut(bytes, 0.5, FEWEST);
    expect(cut).toBeDefined();
    expect(bytes.toString('utf8', cut!.to, cut!.to + 11)).toBe('],"events":');
    expect(joined(bytes, cut!)).toBeUndefined();
  });

  it('no cut without comments enough, or without a comments array', () => {
    expect(findCommentsCut(Buffer.from(JSON.stringify(seed(comments(3)))), 0.5, FEWEST)).toBeUndefined();
    expect(
      findCommentsCut(Buffer.from(JSON.stringify({ portals: [{ posts: comments(300) }] })), 0.5, FEWEST),
    ).toBeUndefined();
    expect(
      findCommentsCut(Buffer.from(JSON.stringify(seed('not a list' as unknown as unknown[]))), 0.5, FEWEST),
    ).toBeUndefined();
    expect(
      findCommentsCut(Buffer.from('{"portals":[{"comments":[' + '{},'.repeat(2_000)), 0.5, FEWEST),
    ).toBeUndefined();
  });

  it('a head that does not parse, or whose last portal lost its comments, is refused', () => {
    const bytes = Buffer.from(JSON.stringify(seed(comments(200))));
    const cut = findCommentsCut(bytes, 0.5, FEWEST)!;
    expect(parseHead(bytes, { from: cut.from, to: cut.to - 1 })).toBeUndefined();
    expect(parseHead(bytes, { from: cut.from - 3, to: cut.to })).toBeUndefined();
  });
});
