import { describe, expect, it } from 'vitest';
import {
  feedbackSchemas,
  type FeedbackSummary as ContractFeedbackSummary,
} from '../../../src/contract/schemas/feedback.js';
import { summarizeFeedback, type FeedbackForSummary } from '../../../src/server/domain/summarize-feedback.js';

let seq = 0;
function entry(feedback: string, extra: Partial<FeedbackForSummary> = {}): FeedbackForSummary {
  seq++;
  return { id: `fb-${seq}`, type: 'idea', feedback, created_at: '2026-03-10T12:00:00Z', ...extra };
}

const WIDGET_A = '8c1d6f1e-2b7a-4c55-9d0e-3f4a5b6c7d8e';
const WIDGET_B = '0f9e8d7c-6b5a-4d3c-8b2a-1f0e9d8c7b6a';

const sample: FeedbackForSummary[] = [
  entry('I love the new dark mode, great work!', {
    type: 'praise',
    source: 'widget',
    widget_id: WIDGET_A,
    created_at: '2026-01-05T08:00:00Z',
  }),
  entry('The dark mode is broken on Safari and the CSV export fails.', {
    type: 'bug',
    source: 'widget',
    widget_id: WIDGET_A,
    created_at: '2026-02-01T00:00:00Z',
  }),
  entry('Pricing is too expensive for small teams.', {
    type: 'idea',
    source: 'email',
    created_at: '2026-02-14T23:59:59Z',
  }),
  entry('How do I export a dashboard?', { type: 'question', source: 'Email', created_at: '2026-02-15 09:30:00' }),
  entry('The menu layout is confusing and slow.', {
    type: 'bug',
    widget_id: WIDGET_B,
    created_at: '2026-03-01T10:00:00Z',
  }),
];

type Summary = ReturnType<typeof summarizeFeedback>;

/** The sentiment a summary of the one text counts it under. */
function classifySentiment(text: string): keyof Summary['sentiment'] {
  const counts = summarizeFeedback([entry(text)], {}).sentiment;
  const classes = (Object.keys(counts) as Array<keyof Summary['sentiment']>).filter((k) => counts[k] === 1);
  expect(classes).toHaveLength(1);
  return classes[0];
}

/** The focus areas a summary of the one text counts it under, in the summary's key order. */
function classifyFocus(text: string): Array<keyof Summary['focus']> {
  const counts = summarizeFeedback([entry(text)], {}).focus;
  return (Object.keys(counts) as Array<keyof Summary['focus']>).filter((k) => counts[k] === 1);
}

/** The recurring phrases of a summary of these texts, one entry each. */
const topPhrases = (texts: string[]) =>
  summarizeFeedback(
    texts.map((t) => entry(t)),
    {},
  ).top_phrases;

describe('summary sentiment: lexicon with negation', () => {
  it('positive words make a positive text', () => {
    expect(classifySentiment('Excellent service, thank you!')).toBe('positive');
    expect(classifySentiment('I LOVE IT')).toBe('positive');
  });

  it('negative words make a negative text', () => {
    expect(classifySentiment('The import is broken and really frustrating.')).toBe('negative');
  });

  it('text without lexicon words, or with balanced words, is neutral', () => {
    expect(classifySentiment('How do I move a dashboard between workspaces?')).toBe('neutral');
    expect(classifySentiment('Great charts, slow exports.')).toBe('neutral');
    expect(classifySentiment('')).toBe('neutral');
  });

  it('a negator flips a positive word: "not good" is negative', () => {
    expect(classifySentiment('The new editor is not good.')).toBe('negative');
    expect(classifySentiment('Not acceptable for a paid product.')).toBe('negative');
  });

  it('a negator flips a negative word: "not bad" and "never had a problem" are positive', () => {
    expect(classifySentiment('Not bad at all for a first version')).toBe('positive');
    expect(classifySentiment('We never had a problem with it')).toBe('positive');
  });

  it('contractions negate, with straight or typographic apostrophes, and without one', () => {
    expect(classifySentiment("It isn't reliable")).toBe('negative');
    expect(classifySentiment('It doesn\u2019t feel intuitive')).toBe('negative');
    expect(classifySentiment('dont love it')).toBe('negative');
    expect(classifySentiment("Doesn't crash anymore")).toBe('positive');
  });

  it('negation ends at punctuation and at "but"', () => {
    expect(classifySentiment('Not today. Great release!')).toBe('positive');
    expect(classifySentiment('Not slow, but reliable')).toBe('positive');
    expect(classifySentiment('no, it is great')).toBe('positive');
  });

  it('negation reaches only the next three words', () => {
    expect(classifySentiment('We did not expect the export to be this good')).toBe('positive');
  });
});

describe('summary focus: keyword lexicons', () => {
  it('recognises usability, functionality and value words', () => {
    expect(classifyFocus('The navigation is confusing')).toEqual(['usability']);
    expect(classifyFocus('The export crashes')).toEqual(['functionality']);
    expect(classifyFocus('Too expensive for us')).toEqual(['value']);
  });

  it('counts every matched area, keyed in the fixed order usability, functionality, value', () => {
    expect(classifyFocus('Pricing is fine, but the layout is clunky and the API fails')).toEqual([
      'usability',
      'functionality',
      'value',
    ]);
  });

  it('returns no area for text without lexicon words', () => {
    expect(classifyFocus('Hello there')).toEqual([]);
  });
});

describe('summarizeFeedback counts', () => {
  it('counts all entries by type, sentiment and focus when no filter is given', () => {
    const s = summarizeFeedback(sample, {});
    expect(s.total).toBe(5);
    expect(s.by_type).toEqual({ bug: 2, idea: 1, praise: 1, question: 1 });
    expect(Object.keys(s.by_type)).toEqual(['bug', 'idea', 'praise', 'question']);
    expect(s.sentiment).toEqual({ positive: 1, neutral: 1, negative: 3 });
    expect(s.focus).toEqual({ usability: 1, functionality: 3, value: 1 });
    expect(s.filters).toEqual({});
  });

  it('counts an entry in every focus area it mentions', () => {
    const s = summarizeFeedback([entry('The layout is clunky and the plan is expensive')], {});
    expect(s.focus).toEqual({ usability: 1, functionality: 0, value: 1 });
  });

  it('counts a type named like an Object.prototype key as a plain type', () => {
    const s = summarizeFeedback([entry('x1', { type: '__proto__' }), entry('x2', { type: 'constructor' })], {});
    expect(Object.keys(s.by_type)).toEqual(['__proto__', 'constructor']);
    expect(JSON.parse(JSON.stringify(s.by_type))).toEqual(JSON.parse('{"__proto__":1,"constructor":1}'));
  });
});

describe('summarizeFeedback filters', () => {
  /** Ids of the sample entries that pass the filters a summary applied. */
  const ids = (s: ReturnType<typeof summarizeFeedback>) =>
    sample.filter((e) => summarizeFeedback([e], s.filters).total === 1).map((e) => e.id);

  it('sentiment keeps entries the classifier puts in that class', () => {
    const s = summarizeFeedback(sample, { sentiment: 'negative' });
    expect(s.total).toBe(3);
    expect(ids(s)).toEqual([sample[1].id, sample[2].id, sample[4].id]);
    expect(summarizeFeedback(sample, { sentiment: 'positive' }).total).toBe(1);
    expect(summarizeFeedback(sample, { sentiment: 'neutral' }).total).toBe(1);
  });

  it('focus keeps entries that mention the area', () => {
    expect(ids(summarizeFeedback(sample, { focus: 'value' }))).toEqual([sample[2].id]);
    expect(summarizeFeedback(sample, { focus: 'functionality' }).total).toBe(3);
  });

  it('source matches exactly, ignoring case; entries without a source never match', () => {
    const s = summarizeFeedback(sample, { source: 'EMAIL' });
    expect(s.total).toBe(2);
    expect(ids(s)).toEqual([sample[2].id, sample[3].id]);
    expect(summarizeFeedback(sample, { source: 'mail' }).total).toBe(0);
  });

  it('widget matches the entry widget_id, ignoring case', () => {
    expect(summarizeFeedback(sample, { widget: WIDGET_A.toUpperCase() }).total).toBe(2);
    expect(summarizeFeedback(sample, { widget: WIDGET_B }).total).toBe(1);
  });

  it('created_from is inclusive: an entry at 00:00 on that date is kept', () => {
    const s = summarizeFeedback(sample, { created_from: '2026-02-01' });
    expect(s.total).toBe(4);
  });

  it('created_to is inclusive: an entry at 23:59:59 on that date is kept', () => {
    const s = summarizeFeedback(sample, { created_to: '2026-02-14' });
    expect(ids(s)).toEqual([sample[0].id, sample[1].id, sample[2].id]);
  });

  it('created_from and created_to together keep the closed range, comparing dates only', () => {
    const s = summarizeFeedback(sample, { created_from: '2026-02-14T18:00:00Z', created_to: '2026-02-15 00:00:00' });
    expect(s.total).toBe(2);
    expect(s.filters).toEqual({ created_from: '2026-02-14', created_to: '2026-02-15' });
  });

  it('a range with created_from after created_to matches nothing', () => {
    expect(summarizeFeedback(sample, { created_from: '2026-03-01', created_to: '2026-01-01' }).total).toBe(0);
  });

  it('a date filter that is not a date is refused with a RangeError', () => {
    expect(() => summarizeFeedback(sample, { created_from: 'yesterday' })).toThrow(RangeError);
    expect(() => summarizeFeedback(sample, { created_to: '2026-13-45' })).toThrow(/created_to/);
  });

  it('keyword is a case-insensitive substring of the feedback text', () => {
    expect(summarizeFeedback(sample, { keyword: 'DARK MODE' }).total).toBe(2);
    expect(summarizeFeedback(sample, { keyword: 'xport' }).total).toBe(2);
    expect(summarizeFeedback(sample, { keyword: 'bug' }).total).toBe(0);
  });

  it('filters combine with AND', () => {
    const s = summarizeFeedback(sample, { keyword: 'dark', sentiment: 'negative', source: 'widget' });
    expect(ids(s)).toEqual([sample[1].id]);
  });

  it('null and blank filters are not applied and not echoed', () => {
    const s = summarizeFeedback(sample, {
      sentiment: null,
      source: '  ',
      keyword: '',
      widget: null,
      created_from: null,
    });
    expect(s.total).toBe(5);
    expect(s.filters).toEqual({});
  });

  it('echoes the applied filters, trimmed, in a fixed key order', () => {
    const s = summarizeFeedback(sample, {
      keyword: ' dark ',
      created_to: '2026-12-31',
      focus: 'functionality',
      sentiment: 'negative',
      source: ' widget ',
    });
    expect(s.filters).toEqual({
      sentiment: 'negative',
      focus: 'functionality',
      source: 'widget',
      created_to: '2026-12-31',
      keyword: 'dark',
    });
    expect(Object.keys(s.filters)).toEqual(['sentiment', 'focus', 'source', 'created_to', 'keyword']);
  });
});

describe('summarizeFeedback top phrases', () => {
  it('ranks by number of entries, ties broken alphabetically', () => {
    const phrases = topPhrases([
      'zebra export. apple sync.',
      'zebra export. apple sync.',
      'mango charts. zebra export.',
      'mango charts.',
    ]);
    expect(phrases).toEqual([
      { phrase: 'zebra export', count: 3 },
      { phrase: 'apple sync', count: 2 },
      { phrase: 'mango charts', count: 2 },
    ]);
  });

  it('leaves out stopwords and phrases spanning a stopword or punctuation', () => {
    const phrases = topPhrases(['The export of the report is slow, really slow.', 'An export of a report. Slow!']).map(
      (p) => p.phrase,
    );
    expect(phrases).toEqual(['export', 'report', 'slow']);
  });

  it('counts a phrase once per entry, so one repetitive entry cannot dominate', () => {
    expect(topPhrases(['sync sync sync sync', 'export'])).toEqual([]);
    expect(topPhrases(['sync sync sync', 'sync please'])).toEqual([{ phrase: 'sync', count: 2 }]);
  });

  it('drops a shorter phrase when a longer phrase containing it occurs in as many entries', () => {
    const phrases = topPhrases(['Dark mode please', 'I want dark mode', 'dark theme or dark mode']);
    expect(phrases).toEqual([{ phrase: 'dark mode', count: 3 }]);
  });

  it('keeps a shorter phrase that occurs in more entries than the longer one', () => {
    const phrases = topPhrases(['dark mode', 'dark mode', 'dark charts', 'dark charts']);
    expect(phrases).toEqual([
      { phrase: 'dark', count: 4 },
      { phrase: 'dark charts', count: 2 },
      { phrase: 'dark mode', count: 2 },
    ]);
  });

  it('phrases have at most three words', () => {
    const phrases = topPhrases(['scheduled weekly pdf email reports', 'scheduled weekly pdf email reports']);
    expect(phrases.map((p) => p.phrase)).toEqual(['pdf email reports', 'scheduled weekly pdf', 'weekly pdf email']);
    for (const p of phrases) expect(p.phrase.split(' ').length).toBeLessThanOrEqual(3);
  });

  it('returns at most ten phrases', () => {
    const text = Array.from({ length: 15 }, (_, i) => `word${String.fromCharCode(97 + i)}`).join('. ');
    const phrases = topPhrases([text, text]);
    expect(phrases).toHaveLength(10);
    expect(phrases[0]).toEqual({ phrase: 'worda', count: 2 });
  });
});

describe('summarizeFeedback summary text', () => {
  it('is one to three plain sentences built from the numbers', () => {
    const s = summarizeFeedback(sample, {});
    const sentences = s.summary.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(s.summary).toMatch(/^5 feedback entries matched \(bug: 2, idea: 1, praise: 1, question: 1\)\./);
    expect(s.summary).toContain('Sentiment is mostly negative (1 positive, 1 neutral, 3 negative).');
    expect(s.summary).toContain('Functionality comes up most (3 entries)');
    expect(s.summary).toContain('"dark mode" (2)');
    expect(s.summary).not.toMatch(/[<>*_#]/);
  });

  it('calls an even split of sentiment mixed', () => {
    const s = summarizeFeedback([entry('great'), entry('terrible')], {});
    expect(s.summary).toContain('Sentiment is mixed (1 positive, 0 neutral, 1 negative).');
  });

  it('uses the singular for one entry', () => {
    const s = summarizeFeedback([entry('The export is great', { type: 'praise' })], {});
    expect(s.summary).toBe(
      '1 feedback entry matched (praise: 1). Its sentiment is positive. Functionality comes up most (1 entry).',
    );
  });
});

describe('summarizeFeedback with no matching entries', () => {
  it('reports total 0, zero counts and a summary saying no feedback matched the filters', () => {
    const s = summarizeFeedback(sample, { keyword: 'nothing like this' });
    expect(s).toEqual({
      summary: 'No feedback matched the filters.',
      total: 0,
      by_type: {},
      sentiment: { positive: 0, neutral: 0, negative: 0 },
      focus: { usability: 0, functionality: 0, value: 0 },
      top_phrases: [],
      filters: { keyword: 'nothing like this' },
    });
  });

  it('says no feedback matched when there are no entries at all', () => {
    const s = summarizeFeedback([], {});
    expect(s.total).toBe(0);
    expect(s.summary).toMatch(/^No feedback matched/);
  });
});

describe('summarizeFeedback determinism', () => {
  it('gives the same result on repeated calls', () => {
    expect(JSON.stringify(summarizeFeedback(sample, { focus: 'functionality' }))).toBe(
      JSON.stringify(summarizeFeedback(sample, { focus: 'functionality' })),
    );
  });

  it('does not depend on the order of the entries', () => {
    expect(JSON.stringify(summarizeFeedback([...sample].reverse(), {}))).toBe(
      JSON.stringify(summarizeFeedback(sample, {})),
    );
  });

  it('does not modify its inputs', () => {
    const before = JSON.stringify(sample);
    const filters = { keyword: ' dark ' };
    summarizeFeedback(sample, filters);
    expect(JSON.stringify(sample)).toBe(before);
    expect(filters).toEqual({ keyword: ' dark ' });
  });
});

describe('summarizeFeedback contract', () => {
  it('returns a body the contract FeedbackSummarySchema accepts', () => {
    const s: ContractFeedbackSummary = summarizeFeedback(sample, { sentiment: 'negative' });
    expect(feedbackSchemas().FeedbackSummarySchema.safeParse(s).success).toBe(true);
  });
});
