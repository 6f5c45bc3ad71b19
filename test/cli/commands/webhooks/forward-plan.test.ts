import { describe, expect, it } from 'vitest';
import { forwardPlan, inOrder, type Placed } from '../../../../src/cli/commands/webhooks/forward-plan.js';

/** The flags as commander reads them, in command-line order. */
function read(args: string[]): { forwardTo?: Placed[]; events?: Placed[] } {
  const opts: { forwardTo?: Placed[]; events?: Placed[] } = {};
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i] === '--forward-to' ? 'forwardTo' : 'events';
    opts[key] = inOrder(args[i + 1], opts[key]);
  }
  return opts;
}

const plan = (...args: string[]) => {
  const { forwardTo, events } = read(args);
  return forwardPlan(forwardTo, events);
};

describe('D-WEBHOOK-FANOUT fp webhooks listen: --forward-to and --events in the order given', () => {
  it("an --events after a --forward-to is that forward's; the listener receives what its forwards take", () => {
    expect(
      plan(
        '--forward-to',
        'http://a.test/',
        '--events',
        'comment.created',
        '--forward-to',
        'http://b.test/',
        '--events',
        'vote.created,comment.created',
      ),
    ).toEqual({
      events: ['comment.created', 'vote.created'],
      forwards: [
        { url: 'http://a.test/', events: ['comment.created'] },
        { url: 'http://b.test/', events: ['vote.created', 'comment.created'] },
      ],
    });
  });

  it('a forward without a filter takes every event, and so does the listener', () => {
    expect(
      plan('--forward-to', 'http://a.test/', '--events', 'post.created', '--forward-to', 'http://b.test/'),
    ).toEqual({
      events: [],
      forwards: [
        { url: 'http://a.test/', events: ['post.created'] },
        { url: 'http://b.test/', events: [] },
      ],
    });
  });

  it("an --events before any --forward-to is the listener's own filter", () => {
    expect(plan('--events', 'vote.created', '--forward-to', 'http://a.test/')).toEqual({
      events: ['vote.created'],
      forwards: [{ url: 'http://a.test/', events: [] }],
    });
    expect(plan('--events', 'vote.created')).toEqual({ events: ['vote.created'], forwards: [] });
    expect(plan()).toEqual({ events: [], forwards: [] });
  });

  it('refuses two lists for one owner, a bad URL and an unknown event', () => {
    expect(() =>
      plan('--forward-to', 'http://a.test/', '--events', 'vote.created', '--events', 'post.created'),
    ).toThrow('--events is given twice after --forward-to http://a.test/: give one list');
    expect(() => plan('--events', 'vote.created', '--events', 'post.created')).toThrow(
      '--events is given twice for the listener',
    );
    expect(() => plan('--forward-to', 'ftp://a.test/')).toThrow(
      'invalid --forward-to "ftp://a.test/": expected an http(s) URL',
    );
    expect(() => plan('--forward-to', 'http://a.test/', '--events', 'post.exploded')).toThrow(
      'unknown event "post.exploded"',
    );
  });
});
