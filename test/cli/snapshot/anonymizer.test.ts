import { describe, expect, it } from 'vitest';
import { Anonymizer } from '../../../src/cli/snapshot/anonymizer.js';
import { guessSlug, guessTabType, nameFromSlug } from '../../../src/cli/snapshot/reconstruct.js';

describe('Anonymizer', () => {
  const a = new Anonymizer('salt-1');

  it('same input, same pseudonym; another salt, another one', () => {
    expect(a.name('Ann Admin')).toBe(a.name('Ann Admin'));
    expect(a.name('Ann Admin')).toMatch(/^User [0-9a-f]{8}$/);
    expect(a.name('Ann Admin')).not.toBe(a.name('Raj Patel'));
    expect(new Anonymizer('salt-2').name('Ann Admin')).not.toBe(a.name('Ann Admin'));
    expect(a.email('Ann@Acme.test ')).toBe(a.email('ann@acme.test'));
    expect(a.email('ann@acme.test')).toMatch(/^user-[0-9a-f]{8}@example\.invalid$/);
    expect(a.email('')).toBe('');
  });

  it('free text keeps its shape (length, spacing, punctuation, markup) and loses its letters and digits', () => {
    const text = 'Dark **mode** for [docs](https://x.test/a) in 2026, Grüße!\n- item';
    const out = a.text(text);
    expect(out).toBe(a.text(text));
    expect([...out].length).toBe([...text].length);
    expect(out.replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A').replace(/\d/g, '0')).toBe(
      'Aaaa **aaaa** aaa [aaaa](aaaaa://a.aaaa/a) aa 0000, Aaaaa!\n- aaaa',
    );
    expect(out).not.toContain('mode');
    // Equal words in different texts do not map to equal words (no substitution table to break).
    expect(a.text('mode one').slice(0, 4)).not.toBe(a.text('mode two').slice(0, 4));
  });
});

describe('reconstruction helpers', () => {
  it('D-SNAPSHOT-RECONSTRUCT tab slugs and types are guessed from names, knowledge-base names from slugs', () => {
    expect(guessSlug('Feature requests')).toBe('feature-requests');
    expect(guessSlug('Idées & Retours')).toBe('idees-retours');
    expect(guessTabType('Product roadmap')).toBe('roadmap');
    expect(guessTabType('Changelog')).toBe('changelog');
    expect(guessTabType('Ideas')).toBe('board');
    expect(nameFromSlug('help-center')).toBe('Help center');
  });
});
