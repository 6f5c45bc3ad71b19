import type { MarkdownIt, StateInline } from 'markdown-it';

/** Where a label opened at a `[` closes (-1: never), and whether a whole link sits inside it. */
type Label = { end: number; nestsLink: boolean };

/**
 * markdown-it's `parseLinkLabel` walks from each `[` towards its `]` across up to 100
 * nested labels, so text of many `[` that never close (`![![![…`) costs hundreds of
 * steps a character: about a second for 64 KB. This one gives the same answers, but a
 * walk records the closing bracket of every `[` it crosses, and a later walk steps over
 * a span it already knows: about one step a character. `md.helpers` is markdown-it's
 * hook for this (one object per instance).
 */
export function linearLinkLabels(md: MarkdownIt): MarkdownIt {
  // Per parse state and range end (a link's text is parsed again with a shorter range).
  const known = new WeakMap<StateInline, Map<number, Map<number, Label>>>();
  md.helpers.parseLinkLabel = (state, start, disableNested = false) => {
    let byEnd = known.get(state);
    if (!byEnd) known.set(state, (byEnd = new Map()));
    let labels = byEnd.get(state.posMax);
    if (!labels) byEnd.set(state.posMax, (labels = new Map()));
    const label = labels.get(start) ?? walk(state, start, labels);
    return label.end < 0 || (disableNested && label.nestsLink) ? -1 : label.end;
  };
  return md;
}

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]

/**
 * markdown-it's walk (tokens skipped as its inline rules read them, `[` one level deeper,
 * `]` one level up), keeping every `[` still open on a stack.
 */
function walk(state: StateInline, start: number, labels: Map<number, Label>): Label {
  const max = state.posMax;
  const oldPos = state.pos;
  const open = [start];
  // The last `[` that began a whole link (a token longer than the bracket).
  let lastLink = -1;
  state.pos = start + 1;
  while (state.pos < max) {
    const marker = state.src.charCodeAt(state.pos);
    if (marker === CLOSE) {
      const opener = open.pop()!;
      labels.set(opener, { end: state.pos, nestsLink: lastLink > opener });
      if (open.length === 0) break;
    }
    const at = state.pos;
    state.md.inline.skipToken(state);
    if (marker !== OPEN) continue;
    if (state.pos !== at + 1) {
      lastLink = at;
      continue;
    }
    const inner = labels.get(at);
    if (!inner) open.push(at);
    // A `[` that never closes leaves every `[` around it open too.
    else if (inner.end < 0) state.pos = max;
    else {
      if (inner.nestsLink) lastLink = at + 1;
      state.pos = inner.end + 1;
    }
  }
  for (const opener of open) if (!labels.has(opener)) labels.set(opener, { end: -1, nestsLink: false });
  state.pos = oldPos;
  return labels.get(start)!;
}
