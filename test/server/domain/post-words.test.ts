import { describe, expect, it } from 'vitest';
import { duplicateScore } from '../../../src/server/domain/posts-duplicates.js';
import { foldText, termsOf, wordsOf } from '../../../src/server/domain/post-words.js';

describe('post words (D-POST-SEARCH, D-POST-DUPLICATES)', () => {
  it('D-POST-SEARCH words are runs of letters and digits, without case or accents', () => {
    expect(wordsOf('Café-Export: PDF/SVG, v2!')).toEqual(['cafe', 'export', 'pdf', 'svg', 'v2']);
    expect(foldText('ÉCOLE ﬁle')).toBe('ecole file');
  });

  it('D-POST-DUPLICATES terms drop stop words and one-letter words, and a final s of longer words', () => {
    expect([...termsOf('Export the charts as a PDF, and the class')]).toEqual(['export', 'chart', 'pdf', 'class']);
    expect([...termsOf('Charts chart CHARTS')]).toEqual(['chart']);
  });

  it('D-POST-DUPLICATES the score: title Dice 0.8 and title coverage 0.2; with a description 0.6, 0.2 and 0.2', () => {
    const title = termsOf('Export charts to PDF');
    const postTitle = termsOf('Export charts as PNG and SVG');
    const postWhole = termsOf('Export charts as PNG and SVG We paste charts into slide decks');
    // Dice 2*2/(3+4) = 0.571, coverage 2/3: 0.8 * 0.571 + 0.2 * 0.667 = 0.59.
    expect(duplicateScore({ title }, postTitle, postWhole)).toBe(0.59);
    const whole = termsOf('Export charts to PDF for slide decks');
    // 0.6 * 0.571 + 0.2 * 0.667 + 0.2 * Dice(5 terms, 7 terms, 4 shared: 0.667) = 0.343 + 0.133 + 0.133.
    expect(duplicateScore({ title, whole }, postTitle, postWhole)).toBe(0.61);
    expect(duplicateScore({ title: termsOf('Quantum teleportation') }, postTitle, postWhole)).toBe(0);
  });
});
