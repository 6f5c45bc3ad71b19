/**
 * What a listing that follows pages checks before it uses a page, so that a portal whose
 * pagination is broken (or hostile) cannot keep a command, or a snapshot's journal, growing
 * forever. Three faults stop the listing, each named in the error:
 * - a page repeats ids the listing has already seen (the same page served again);
 * - the cursor does not advance (`skip`, `last_post_id`), so the next request would be the same;
 * - the pages go past the `total` the server itself reported.
 */
export type PaginationFault = 'repeated-ids' | 'stuck-cursor' | 'past-total';

class PaginationError extends Error {
  constructor(
    readonly fault: PaginationFault,
    message: string,
  ) {
    super(message);
    this.name = 'PaginationError';
  }
}

export type ItemId = string | number;

export interface OffsetPageFacts {
  /** The offset asked for. */
  skip: number;
  ids: ItemId[];
  hasMore: boolean;
  /** The offset the next page would be asked for. */
  nextSkip: number;
  /** The number of items the server says the listing holds, when it says. */
  total?: number | null;
  /** Items a page holds at most, for saying how many pages the total allows. */
  limit?: number;
}

export interface Cursor {
  name: string;
  /** The value sent for this page (undefined on the first page). */
  sent: number | undefined;
  /** The value to send next: the smallest id of this page (undefined when the page has none). */
  next: number | undefined;
  /** The collection says it has more (and is still being read). */
  more: boolean;
}

export interface GuardOptions {
  /**
   * `any`: one id listed again stops the listing (a listing in a stable order, by id).
   * `whole-page` (default): only a page that brings no new id does, since a listing in
   * another order (votes, newest first) can move an item onto the next page while it is read.
   */
  repeats?: 'any' | 'whole-page';
}

/** The checks of one listing (one guard per listing: ids are compared within it). */
export class PageGuard {
  private readonly seen = new Set<string>();
  private pages = 0;

  /** `what`: the request being followed, e.g. `GET /api/v1/posts?tab=help`. */
  constructor(
    private readonly what: string,
    private readonly options: GuardOptions = {},
  ) {}

  /** A page of an offset listing (`skip`, `hasMore`, `total`). */
  offsetPage(page: OffsetPageFacts): void {
    const n = this.newPage(page.ids);
    const { total } = page;
    if (page.hasMore && page.nextSkip <= page.skip) {
      this.stop(
        'stuck-cursor',
        `page ${n} says there are more, but the cursor does not advance (skip ${page.skip} again)`,
      );
    }
    if (total === undefined || total === null) return;
    const allowed = page.limit ? ` (${pages(total, page.limit)} of ${page.limit})` : '';
    if (page.ids.length > 0 && page.skip >= total) {
      this.stop('past-total', `page ${n} starts past the ${total} items the server reported${allowed}`);
    }
    if (page.hasMore && page.nextSkip >= total) {
      this.stop('past-total', `page ${n} says there are more after all ${total} items the server reported${allowed}`);
    }
  }

  /** A page of a listing that follows id cursors, each of which must move down (newest first). */
  cursorPage(ids: ItemId[], cursors: Cursor[]): void {
    const n = this.newPage(ids);
    for (const c of cursors) {
      const stays = c.next === undefined ? c.more : c.sent !== undefined && c.next >= c.sent;
      if (!stays) continue;
      const was = c.sent === undefined ? 'none' : c.sent;
      this.stop(
        'stuck-cursor',
        `page ${n} does not move the ${c.name} cursor down (${was}, then ${c.next ?? 'none'})` +
          (c.more ? ' and says there are more' : ''),
      );
    }
  }

  /** A page of a listing by page number: only its ids are checked. */
  numberedPage(ids: ItemId[]): void {
    this.newPage(ids);
  }

  private newPage(ids: ItemId[]): number {
    const n = ++this.pages;
    const again = ids.map(String).filter((id, i, all) => this.seen.has(id) || all.indexOf(id) !== i);
    const stops = this.options.repeats === 'any' ? again.length > 0 : ids.length > 0 && again.length === ids.length;
    if (stops) {
      const named = again.slice(0, 3).join(', ') + (again.length > 3 ? ` and ${again.length - 3} more` : '');
      this.stop('repeated-ids', `page ${n} repeats ids already listed (${named})`);
    }
    for (const id of ids) this.seen.add(String(id));
    return n;
  }

  private stop(fault: PaginationFault, why: string): never {
    throw new PaginationError(fault, `bad pagination from ${this.what}: ${why}; stopped there`);
  }
}

const pages = (total: number, limit: number) => {
  const n = Math.ceil(total / limit);
  return `${n} page${n === 1 ? '' : 's'}`;
};
