import { describe, expect, it } from 'vitest';
import { whereQuery, WHERE_KEYS } from '../../../../src/cli/commands/posts/bulk-where.js';

describe('--where KEY=VALUE (D-BULK-WHERE)', () => {
  it('takes the filters of posts list by their flag names, split and checked as the flags are', () => {
    expect(WHERE_KEYS).toEqual([
      'tab',
      'category',
      'section',
      'status',
      'tag',
      'platform',
      'version',
      'release',
      'saved-query',
    ]);
    expect(whereQuery(['status=Under review,Planned', 'tag=ux', 'tag=bug', 'platform=web', 'tab=feedback'])).toEqual({
      filters: { status: ['Under review', 'Planned'], tag: ['ux', 'bug'], tab: 'feedback' },
      query: { platform: 'web', tab: 'feedback' },
    });
    expect(whereQuery(['saved-query=4']).query).toEqual({ saved_query_id: 4 });
  });

  it('refuses what is no filter, a bad value and a single-valued filter given twice', () => {
    expect(() => whereQuery(['limit=5'])).toThrow('invalid --where "limit=5": expected KEY=VALUE with KEY one of tab,');
    expect(() => whereQuery(['status'])).toThrow('invalid --where "status"');
    expect(() => whereQuery(['platform=amiga'])).toThrow('invalid --where platform "amiga"');
    expect(() => whereQuery(['category=1', 'category=2'])).toThrow('--where category is given twice');
  });
});
