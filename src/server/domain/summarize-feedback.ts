/**
 * POST /api/v1/feedback/summarize, done offline: the hosted service answers with an
 * AI-generated summary; the reference server builds a deterministic one from small
 * English lexicons and counts, so the same entries and filters always give the
 * same answer and no network is needed.
 */

type Sentiment = 'positive' | 'neutral' | 'negative';
type Focus = 'usability' | 'functionality' | 'value';

export interface FeedbackForSummary {
  id: string;
  type: string;
  feedback: string;
  created_at: string;
  source?: string | null;
  widget_id?: string | null;
}

// Type aliases rather than interfaces so they stay assignable to the contract's
// record-typed `filters` field. Null is accepted because the request schema is nullish.
export type SummaryFilters = {
  sentiment?: Sentiment | null;
  focus?: Focus | null;
  source?: string | null;
  widget?: string | null;
  created_from?: string | null;
  created_to?: string | null;
  keyword?: string | null;
};

export type FeedbackSummary = {
  summary: string;
  total: number;
  by_type: Record<string, number>;
  sentiment: Record<Sentiment, number>;
  focus: Record<Focus, number>;
  top_phrases: Array<{ phrase: string; count: number }>;
  filters: SummaryFilters;
};

const SENTIMENTS: readonly Sentiment[] = ['positive', 'neutral', 'negative'];
const FOCUSES: readonly Focus[] = ['usability', 'functionality', 'value'];
const TOP_PHRASES = 10;
/** A phrase must occur in this many entries to count as recurring. */
const MIN_PHRASE_ENTRIES = 2;
const MAX_PHRASE_WORDS = 3;
/** How many words after a negator have their polarity flipped. */
const NEGATION_WINDOW = 3;

// ---------------------------------------------------------------------------
// Tokens

type Token = { kind: 'word'; text: string } | { kind: 'break' };

const TOKEN = /([\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*)|([.!?;:,()[\]{}"\n]|\s[-\u2013\u2014]\s)/gu;

function tokenize(text: string): Token[] {
  const normalized = text.toLowerCase().replace(/[\u2018\u2019\u02bc`]/g, "'");
  const tokens: Token[] = [];
  for (const m of normalized.matchAll(TOKEN)) {
    tokens.push(m[1] !== undefined ? { kind: 'word', text: m[1] } : { kind: 'break' });
  }
  return tokens;
}

const words = (list: string): Set<string> => new Set(list.split(/\s+/).filter(Boolean));

// ---------------------------------------------------------------------------
// Sentiment

const POSITIVE = words(`
  love loved loves loving great good excellent awesome amazing fantastic wonderful brilliant superb
  helpful useful easy easier simple intuitive fast faster quick quickly smooth reliable stable solid
  nice happy glad pleased impressed enjoy enjoyed enjoying recommend perfect best better clean clear
  powerful convenient flexible polished beautiful elegant delightful thanks thank appreciate appreciated
  acceptable worth fixed`);

const NEGATIVE = words(`
  bad worse worst terrible awful horrible poor slow slower sluggish laggy broken broke bug buggy bugs
  crash crashes crashed crashing error errors fail fails failed failing failure problem problems issue
  issues annoying annoyed frustrating frustrated confusing confused difficult hard painful useless
  unusable unreliable unstable clunky complicated expensive overpriced disappointed disappointing hate
  hated missing wrong ugly tedious freeze freezes frozen stuck nightmare unacceptable lose loses lost`);

const NEGATORS = words(`not no never none nothing neither nor without cannot hardly barely dont doesnt didnt isnt
  wasnt arent werent cant couldnt wont wouldnt shouldnt havent hasnt`);

const SCOPE_BREAKERS = words('but however although though yet except');

const isNegator = (w: string): boolean => NEGATORS.has(w) || w.endsWith("n't");

/**
 * Lexicon sentiment: +1 per positive word, -1 per negative word, with the sign
 * flipped for words within a few words after a negator ("not good" is negative,
 * "not bad" positive). Punctuation and "but" end a negation.
 */
function classifySentiment(text: string): Sentiment {
  let score = 0;
  let negated = 0;
  for (const token of tokenize(text)) {
    if (token.kind === 'break' || SCOPE_BREAKERS.has(token.text)) {
      negated = 0;
      continue;
    }
    const w = token.text;
    if (isNegator(w)) {
      negated = NEGATION_WINDOW;
      continue;
    }
    const polarity = POSITIVE.has(w) ? 1 : NEGATIVE.has(w) ? -1 : 0;
    score += negated > 0 ? -polarity : polarity;
    if (negated > 0) negated--;
  }
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}

// ---------------------------------------------------------------------------
// Focus

const FOCUS_LEXICON: Record<Focus, Set<string>> = {
  usability: words(`
    usability usable unusable ux ui interface design layout navigation navigate navigating menu menus
    button buttons click clicks intuitive confusing confused easy easier simple complicated clunky
    cluttered learn learning onboarding discover readable accessibility accessible theme workflow
    shortcut shortcuts tiring find`),
  functionality: words(`
    feature features functionality function functions works working bug bugs buggy broken crash
    crashes crashed crashing error errors fail fails failed failing import export integration
    integrations api sync support supports option options setting settings slow fast performance load
    loading loads reliable unreliable freeze freezes resets reset missing alerts reports filter filters`),
  value: words(`
    price prices pricing priced cost costs costly expensive overpriced cheap cheaper affordable value
    worth money plan plans subscription billing invoice invoices pay paid paying payment budget roi
    discount free trial tier upgrade refund seat seats license licence`),
};

/** Every area the text mentions, in the fixed order usability, functionality, value. */
function classifyFocus(text: string): Focus[] {
  const seen = new Set<string>();
  for (const t of tokenize(text)) if (t.kind === 'word') seen.add(t.text);
  return FOCUSES.filter((f) => [...seen].some((w) => FOCUS_LEXICON[f].has(w)));
}

// ---------------------------------------------------------------------------
// Phrases

const STOPWORDS = words(`
  a about above after again against all am an and any are as at be because been before being below
  between both by can could did do does doing down during each few for from further had has have having
  he her here hers herself him himself his how i if in into is it its itself just me more most my myself
  of off on once only or other our ours ourselves out over own same she should so some such than that the
  their theirs them themselves then there these they this those through to too under until up very was we
  were what when where which while who whom why will with would you your yours yourself yourselves
  it's i'm i've i'd i'll we're we've we'd we'll you're you've they're that's there's what's let's
  also really please still even much many lot lots get got getting make makes made one two thing things
  way ways every always sometimes maybe any anything something everything us via like
  but however although though yet except`);

function isPhraseWord(w: string): boolean {
  return w.length >= 2 && /\p{L}/u.test(w) && !STOPWORDS.has(w) && !isNegator(w);
}

/** The distinct 1-3 word phrases of one text: runs of content words, cut at stopwords and punctuation. */
function phrasesOf(text: string): Set<string> {
  const phrases = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    for (let i = 0; i < run.length; i++) {
      for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= run.length; n++) phrases.add(run.slice(i, i + n).join(' '));
    }
    run = [];
  };
  for (const t of tokenize(text)) {
    if (t.kind === 'word' && isPhraseWord(t.text)) run.push(t.text);
    else flush();
  }
  flush();
  return phrases;
}

const byCountThenAlphabet = (a: { phrase: string; count: number }, b: { phrase: string; count: number }): number =>
  b.count - a.count || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

/**
 * Phrases counted once per entry. A phrase is left out when a longer phrase that
 * contains it occurs in exactly as many entries ("dark" adds nothing next to
 * "dark mode" when both appear in the same three entries).
 */
function topPhrases(texts: string[], limit = TOP_PHRASES): Array<{ phrase: string; count: number }> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const p of phrasesOf(text)) counts.set(p, (counts.get(p) ?? 0) + 1);

  const recurring = new Map([...counts].filter(([, c]) => c >= MIN_PHRASE_ENTRIES));
  const subsumed = new Set<string>();
  for (const [phrase, count] of recurring) {
    const parts = phrase.split(' ');
    for (let i = 0; i < parts.length; i++) {
      for (let n = 1; i + n <= parts.length; n++) {
        if (n === parts.length) continue;
        const sub = parts.slice(i, i + n).join(' ');
        if (recurring.get(sub) === count) subsumed.add(sub);
      }
    }
  }
  return [...recurring]
    .filter(([phrase]) => !subsumed.has(phrase))
    .map(([phrase, count]) => ({ phrase, count }))
    .sort(byCountThenAlphabet)
    .slice(0, limit);
}

// ---------------------------------------------------------------------------
// Filters

const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:$|[ T])/;

/** The calendar date a timestamp is written in (its literal `YYYY-MM-DD` part), or null. */
function dateOf(value: string): string | null {
  const m = DATE_PREFIX.exec(value.trim());
  return m ? m[1] : null;
}

function filterDate(field: 'created_from' | 'created_to', value: string): string {
  const date = dateOf(value);
  if (date === null || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new RangeError(`${field} must be a date (YYYY-MM-DD), got "${value}"`);
  }
  return date;
}

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The filters actually applied, normalised (trimmed text, dates as YYYY-MM-DD), in a fixed key order. */
function appliedFilters(filters: SummaryFilters): SummaryFilters {
  const applied: SummaryFilters = {};
  if (filters.sentiment) applied.sentiment = filters.sentiment;
  if (filters.focus) applied.focus = filters.focus;
  if (present(filters.source)) applied.source = filters.source.trim();
  if (present(filters.widget)) applied.widget = filters.widget.trim();
  if (present(filters.created_from)) applied.created_from = filterDate('created_from', filters.created_from);
  if (present(filters.created_to)) applied.created_to = filterDate('created_to', filters.created_to);
  if (present(filters.keyword)) applied.keyword = filters.keyword.trim();
  return applied;
}

const sameText = (a: string | null | undefined, b: string): boolean =>
  typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();

function matches(entry: FeedbackForSummary, f: SummaryFilters): boolean {
  if (f.source !== undefined && !sameText(entry.source, f.source!)) return false;
  if (f.widget !== undefined && !sameText(entry.widget_id, f.widget!)) return false;
  if (f.created_from !== undefined || f.created_to !== undefined) {
    const date = dateOf(entry.created_at);
    if (date === null) return false;
    if (f.created_from !== undefined && date < f.created_from!) return false;
    if (f.created_to !== undefined && date > f.created_to!) return false;
  }
  if (f.keyword !== undefined && !entry.feedback.toLowerCase().includes(f.keyword!.toLowerCase())) return false;
  if (f.sentiment !== undefined && classifySentiment(entry.feedback) !== f.sentiment) return false;
  if (f.focus !== undefined && !classifyFocus(entry.feedback).includes(f.focus!)) return false;
  return true;
}

// ---------------------------------------------------------------------------
// Summary

function listing(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const entriesWord = (n: number): string => (n === 1 ? 'entry' : 'entries');

function summaryText(
  total: number,
  byType: Record<string, number>,
  sentiment: Record<Sentiment, number>,
  focus: Record<Focus, number>,
  phrases: Array<{ phrase: string; count: number }>,
  filtered: boolean,
): string {
  if (total === 0) {
    return filtered ? 'No feedback matched the filters.' : 'No feedback matched: there are no feedback entries yet.';
  }
  const sentences: string[] = [];

  const types = Object.entries(byType)
    .map(([phrase, count]) => ({ phrase, count }))
    .sort(byCountThenAlphabet)
    .map(({ phrase, count }) => `${phrase}: ${count}`);
  sentences.push(`${total} feedback ${entriesWord(total)} matched (${types.join(', ')}).`);

  const counts = `${sentiment.positive} positive, ${sentiment.neutral} neutral, ${sentiment.negative} negative`;
  const top = Math.max(...SENTIMENTS.map((s) => sentiment[s]));
  const leaders = SENTIMENTS.filter((s) => sentiment[s] === top);
  if (total === 1) sentences.push(`Its sentiment is ${leaders[0]}.`);
  else if (leaders.length > 1) sentences.push(`Sentiment is mixed (${counts}).`);
  else sentences.push(`Sentiment is ${top * 2 > total ? 'mostly' : 'leaning'} ${leaders[0]} (${counts}).`);

  const topFocus = Math.max(...FOCUSES.map((f) => focus[f]));
  const focusLeaders = FOCUSES.filter((f) => focus[f] === topFocus);
  const parts: string[] = [];
  if (topFocus > 0) {
    parts.push(
      focusLeaders.length === 1
        ? `${capitalise(focusLeaders[0])} comes up most (${topFocus} ${entriesWord(topFocus)})`
        : `${capitalise(listing(focusLeaders))} come up most (${topFocus} ${entriesWord(topFocus)} each)`,
    );
  }
  if (phrases.length > 0) {
    const quoted = phrases.slice(0, 3).map((p) => `"${p.phrase}" (${p.count})`);
    parts.push(`${parts.length ? 'recurring' : 'Recurring'} phrases: ${listing(quoted)}`);
  }
  if (parts.length > 0) sentences.push(`${parts.join('; ')}.`);

  return sentences.join(' ');
}

/**
 * Summarises the entries that pass every filter. Date filters are inclusive and
 * compare calendar dates (`YYYY-MM-DD`); keyword is a case-insensitive substring
 * of the feedback text; sentiment and focus use the classifiers above.
 *
 * @throws RangeError when created_from or created_to is not a date.
 */
export function summarizeFeedback(entries: FeedbackForSummary[], filters: SummaryFilters): FeedbackSummary {
  const applied = appliedFilters(filters);
  const selected = entries.filter((e) => matches(e, applied));

  const typeCounts = new Map<string, number>();
  const sentiment: Record<Sentiment, number> = { positive: 0, neutral: 0, negative: 0 };
  const focus: Record<Focus, number> = { usability: 0, functionality: 0, value: 0 };
  for (const e of selected) {
    typeCounts.set(e.type, (typeCounts.get(e.type) ?? 0) + 1);
    sentiment[classifySentiment(e.feedback)]++;
    for (const f of classifyFocus(e.feedback)) focus[f]++;
  }
  // fromEntries defines own properties, so a type named "__proto__" is counted like any other.
  const by_type: Record<string, number> = Object.fromEntries(
    [...typeCounts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

  const top_phrases = topPhrases(selected.map((e) => e.feedback));
  return {
    summary: summaryText(selected.length, by_type, sentiment, focus, top_phrases, Object.keys(applied).length > 0),
    total: selected.length,
    by_type,
    sentiment,
    focus,
    top_phrases,
    filters: applied,
  };
}
