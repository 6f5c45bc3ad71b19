import type { Journal, JournalBase } from './journal.js';
import { PART, type UserSeed } from './records.js';

/** What a response tells about a user; the fields differ between post, comment and member answers. */
export interface UserSighting {
  id: string;
  database_id?: number;
  name?: string;
  email?: string;
  role?: string;
  created_at?: string | null;
}

/**
 * Every user seen as an author or member, merged from all sightings (a post
 * author shows the e-mail, a comment author the database id, a member the
 * creation time). A sighting that adds something is journalled, so a resumed
 * crawl knows the same users.
 */
export class UserBook {
  private readonly users = new Map<string, UserSeed>();

  constructor(private readonly journal?: Journal<JournalBase>) {}

  static async load(journal: Journal<JournalBase>): Promise<UserBook> {
    const book = new UserBook(journal);
    for await (const { record } of journal.read<UserSighting>(PART.users)) book.merge(record);
    return book;
  }

  see(sighting: UserSighting): void {
    if (this.merge(sighting)) this.journal?.append(PART.users, sighting);
  }

  has(id: string): boolean {
    return this.users.has(id);
  }

  get size(): number {
    return this.users.size;
  }

  /** Users with a known database id first (in that order), then the others as first seen. */
  all(): UserSeed[] {
    const known = [...this.users.values()].filter((u) => u.database_id !== undefined);
    const unknown = [...this.users.values()].filter((u) => u.database_id === undefined);
    return [...known.sort((a, b) => a.database_id! - b.database_id!), ...unknown];
  }

  private merge(s: UserSighting): boolean {
    const current = this.users.get(s.id);
    const next: UserSeed = { ...(current ?? { id: s.id, name: s.name || 'Unknown user' }) };
    if (s.name && (!current || current.name === 'Unknown user')) next.name = s.name;
    if (s.database_id !== undefined && s.database_id > 0) next.database_id ??= s.database_id;
    if (s.email) next.email ??= s.email;
    if (s.role) next.role ??= s.role;
    if (s.created_at) next.created_at ??= s.created_at;
    const changed = !current || JSON.stringify(current) !== JSON.stringify(next);
    this.users.set(s.id, next);
    return changed;
  }
}
