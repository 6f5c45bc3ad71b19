import { describe, expect, it } from 'vitest';
import { foldText, termsOf, wordsOf } from '../../../src/server/domain/post-words.js';
import { findDuplicates } from '../../../src/server/domain/posts-duplicates.js';
import { BOB } from '../../support/fixture-seed.js';
import { seedWith, storedPortal } from './stored-portal.js';

/** The score search_duplicates gives the post "Export charts as PNG and SVG" for a proposal, undefined when it is not listed. */
function duplicateScore(title: string, description?: string): number | undefined {
  const portal = storedPortal(
    seedWith((p) =>
      p.posts!.push({
        key: 'chart1',
        database_id: 99,
        title: 'Export charts as PNG and SVG',
        description: 'We paste charts into slide decks',
        author_id: BOB,
        tab_id: 1,
      }),
    ),
  );
  return findDuplicates(portal, { title, description }).find((d) => d.post.key === 'chart1')?.score;
}

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
    // Post: title terms export, chart, png, svg; with the description also paste, slide, deck.
    // Dice 2*2/(3+4) = 0.571, coverage 2/3: 0.8 * 0.571 + 0.2 * 0.667 = 0.59.
    expect(duplicateScore('Export charts to PDF')).toBe(0.59);
    // 0.6 * 0.571 + 0.2 * 0.667 + 0.2 * Dice(5 terms, 7 terms, 4 shared: 0.667) = 0.343 + 0.133 + 0.133.
    expect(duplicateScore('Export charts to PDF', 'for slide decks')).toBe(0.61);
    // Nothing shared scores 0, under the threshold: not listed.
    expect(duplicateScore('Quantum teleportation')).toBeUndefined();
  });
});
