/**
 * The words of a post as the search and the duplicate check compare them (D-POST-SEARCH,
 * D-POST-DUPLICATES): compatibility-decomposed, accents dropped, lower case, split at every
 * character that is not a letter or a digit.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Words too common to tell two posts apart. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do does for from get has have how i if in into is it its me my no not ' +
    'of on or our please so than that the their them then there these this to too up us was we what when where ' +
    'which while who why will with would you your'
  ).split(' '),
);

/**
 * The terms of a text for the duplicate check: its words less the stop words and one-letter
 * words, a final `s` dropped from words of four letters or more (`charts` and `chart` match;
 * `class` keeps its `ss`), each once.
 */
export function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  for (const word of wordsOf(text)) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    terms.add(word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return terms;
}
