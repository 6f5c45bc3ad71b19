import { isHttpUrl, type WebhookEventName } from '../../../contract/schemas/webhook.js';
import { UsageError } from '../../errors.js';
import { parseEventList } from './event-list.js';

/** A flag's value and its place on the command line among the flags read with `inOrder`. */
export interface Placed {
  value: string;
  at: number;
}

let placed = 0;

/** Parses a repeatable flag keeping each value's place, so `--events` can be told to belong to the `--forward-to` before it. */
export function inOrder(value: string, previous: unknown): Placed[] {
  return [...(Array.isArray(previous) ? (previous as Placed[]) : []), { value, at: ++placed }];
}

export interface Forward {
  url: string;
  /** The events this forward gets; empty: every event the listener receives. */
  events: WebhookEventName[];
}

export interface ForwardPlan {
  /** What the listener registers for and shows; empty: every event. */
  events: WebhookEventName[];
  forwards: Forward[];
}

/**
 * `listen [--events LIST] [--forward-to URL [--events LIST]]…`: an `--events` before any
 * `--forward-to` is the listener's filter, one after a `--forward-to` that forward's. Without a
 * filter of its own the listener receives what its forwards take (everything when one takes all).
 */
export function forwardPlan(forwardTo: Placed[] = [], events: Placed[] = []): ForwardPlan {
  for (const { value } of forwardTo) {
    if (!isHttpUrl(value)) throw new UsageError(`invalid --forward-to "${value}": expected an http(s) URL`);
  }
  const owner = (e: Placed) => forwardTo.filter((f) => f.at < e.at).pop();
  const own = events.filter((e) => owner(e) === undefined);
  if (own.length > 1) throw new UsageError('--events is given twice for the listener: give one list');
  const forwards = forwardTo.map((f) => {
    const mine = events.filter((e) => owner(e) === f);
    if (mine.length > 1) throw new UsageError(`--events is given twice after --forward-to ${f.value}: give one list`);
    return { url: f.value, events: mine.length ? parseEventList(mine[0].value) : [] };
  });
  let listening = own.length ? parseEventList(own[0].value) : [];
  if (own.length === 0 && forwards.length > 0 && forwards.every((f) => f.events.length > 0)) {
    listening = [...new Set(forwards.flatMap((f) => f.events))];
  }
  return { events: listening, forwards };
}
