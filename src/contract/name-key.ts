// Characters that show nothing: format controls (Cf: zero-width space and joiners, bidi
// controls, soft hyphen, BOM, tag characters) and the other default-ignorable code points
// (variation selectors, the combining grapheme joiner, Hangul fillers).
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
// The halfwidth and fullwidth forms and the ideographic space: the characters whose NFKC
// mapping changes only their width. Other compatibility mappings (ligatures, superscripts,
// circled letters) are left alone, as NFC leaves them.
const WIDTH_FORM = /[\u3000\uFF01-\uFFEE]/gu;

/**
 * What two names are compared by (D-NAME-KEY): invisible characters removed, width
 * forms folded (`Ｃａｆé` is `Café`), then Unicode NFC (`Cafe\u0301` is `Café`).
 * Letter case is kept: names stay case-sensitive.
 */
export function nameKey(name: string): string {
  return name
    .replace(INVISIBLE, '')
    .replace(WIDTH_FORM, (c) => c.normalize('NFKC'))
    .normalize('NFC');
}

/** Whether two names are one name (D-NAME-KEY). */
export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);
