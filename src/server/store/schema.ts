/**
 * The store's tables, as numbered migrations: a database at version n gets
 * migrations n+1… applied, each in its own transaction, on open. A database whose
 * version is above the last migration was written by a newer fp and is refused.
 *
 * Every table has `row INTEGER PRIMARY KEY AUTOINCREMENT`: insertion order (the
 * order seed arrays and API lists keep) and a row identity SQLite never hands out
 * twice. API ids (`id`, `database_id`) are per portal and come from `sequences`,
 * which only grows, so a deleted id is never given again, also after a restart.
 *
 * Times are kept as written (ISO text, returned unchanged) and as epoch
 * milliseconds (`*_ms`) for ordering; `*_lc` columns hold a lower-cased copy
 * for case-insensitive orders. Counters the lists order by are kept by triggers.
 */
export const MIGRATIONS: string[] = [
  /* 1 */ `
  CREATE TABLE portals (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    id INTEGER NOT NULL UNIQUE,
    guid TEXT NOT NULL,
    is_default INTEGER NOT NULL,
    settings TEXT NOT NULL
  );
  CREATE TABLE portal_hosts (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    host TEXT NOT NULL UNIQUE,
    portal_id INTEGER NOT NULL
  );
  CREATE TABLE api_keys (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    read_only INTEGER NOT NULL,
    expires_at TEXT
  );
  CREATE TABLE sequences (
    portal_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    last INTEGER NOT NULL,
    PRIMARY KEY (portal_id, name)
  ) WITHOUT ROWID;
  CREATE TABLE users (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    id_lc TEXT NOT NULL,
    database_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    name_lc TEXT NOT NULL,
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at TEXT NOT NULL,
    comments_count INTEGER NOT NULL DEFAULT 0,
    posts_count INTEGER NOT NULL DEFAULT 0,
    UNIQUE (portal_id, id),
    UNIQUE (portal_id, database_id)
  );
  CREATE INDEX users_by_key_lc ON users (portal_id, id_lc);
  CREATE INDEX users_by_role ON users (portal_id, role, row);
  CREATE TABLE tabs (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    description TEXT NOT NULL,
    UNIQUE (portal_id, id)
  );
  CREATE TABLE sections (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    tab_id INTEGER NOT NULL,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    parent_id INTEGER,
    description TEXT NOT NULL,
    sort_order INTEGER NOT NULL,
    UNIQUE (portal_id, id)
  );
  CREATE TABLE statuses (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    name TEXT NOT NULL,
    color TEXT NOT NULL,
    tab_id INTEGER,
    UNIQUE (portal_id, id)
  );
  CREATE TABLE tags (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    UNIQUE (portal_id, id)
  );
  CREATE TABLE categories (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    name TEXT NOT NULL,
    color TEXT NOT NULL,
    sort_order INTEGER,
    locked INTEGER NOT NULL,
    UNIQUE (portal_id, id),
    UNIQUE (portal_id, name)
  );
  CREATE TABLE groups (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    id_lc TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (portal_id, id_lc),
    UNIQUE (portal_id, name)
  );
  CREATE TABLE group_members (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    group_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    UNIQUE (portal_id, group_id, user_id)
  );
  CREATE TABLE posts (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    database_id INTEGER NOT NULL,
    title TEXT NOT NULL,
    title_lc TEXT NOT NULL,
    description TEXT NOT NULL,
    author_id TEXT NOT NULL,
    tab_id INTEGER,
    section_id INTEGER,
    status_id INTEGER,
    moderation_status TEXT NOT NULL,
    votes_count INTEGER NOT NULL,
    views_count INTEGER NOT NULL,
    platform TEXT,
    version TEXT,
    release TEXT,
    slug TEXT NOT NULL,
    sort_order INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    updated_ms INTEGER NOT NULL,
    latest_status_change_at TEXT NOT NULL,
    latest_status_change_ms INTEGER NOT NULL,
    moderated_by TEXT,
    moderated_at TEXT,
    comments_count INTEGER NOT NULL DEFAULT 0,
    latest_vote_ms INTEGER,
    UNIQUE (portal_id, key),
    UNIQUE (portal_id, database_id)
  );
  CREATE INDEX posts_by_created ON posts (portal_id, moderation_status, created_ms DESC, database_id, tab_id);
  CREATE INDEX posts_by_tab ON posts (portal_id, tab_id, moderation_status);
  CREATE INDEX posts_by_section ON posts (portal_id, section_id);
  CREATE INDEX posts_by_status ON posts (portal_id, status_id);
  CREATE INDEX posts_by_author ON posts (portal_id, author_id);
  CREATE TABLE post_categories (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    post_key TEXT NOT NULL,
    category_id INTEGER NOT NULL
  );
  CREATE INDEX post_categories_by_post ON post_categories (portal_id, post_key);
  CREATE INDEX post_categories_by_category ON post_categories (portal_id, category_id);
  CREATE TABLE post_tags (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    post_key TEXT NOT NULL,
    tag_id TEXT NOT NULL
  );
  CREATE INDEX post_tags_by_post ON post_tags (portal_id, post_key);
  CREATE INDEX post_tags_by_tag ON post_tags (portal_id, tag_id);
  CREATE TABLE comments (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    post_key TEXT NOT NULL,
    user_id TEXT NOT NULL,
    comment TEXT NOT NULL,
    parent_id INTEGER,
    moderation_status TEXT NOT NULL,
    pinned_to_top INTEGER NOT NULL,
    tagged_for_changelog INTEGER NOT NULL,
    votes_count INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    moderated_by TEXT,
    moderated_at TEXT,
    UNIQUE (portal_id, id)
  );
  CREATE INDEX comments_by_post ON comments (portal_id, post_key, pinned_to_top, created_ms, id);
  CREATE INDEX comments_by_status ON comments (portal_id, moderation_status, id);
  CREATE INDEX comments_by_parent ON comments (portal_id, parent_id);
  CREATE INDEX comments_by_user ON comments (portal_id, user_id);
  CREATE TABLE feedback (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    type TEXT NOT NULL,
    feedback TEXT NOT NULL,
    user_id TEXT,
    source TEXT,
    widget_id TEXT,
    created_at TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (portal_id, id)
  );
  CREATE INDEX feedback_by_created ON feedback (portal_id, created_ms, row);
  CREATE TABLE post_references (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    post_key TEXT NOT NULL,
    reference TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (portal_id, id)
  );
  CREATE INDEX post_references_by_post ON post_references (portal_id, post_key);
  CREATE TABLE anonymous_votes (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    post_key TEXT NOT NULL,
    anonymous_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  CREATE INDEX anonymous_votes_by_post ON anonymous_votes (portal_id, post_key, anonymous_id);
  CREATE TABLE saved_queries (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    name TEXT NOT NULL,
    query TEXT NOT NULL,
    UNIQUE (portal_id, id)
  );
  CREATE TABLE events (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    occurred_at TEXT NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE INDEX events_by_portal ON events (portal_id, row);

  -- Approved comments per post and comments/posts per user, for lists ordered by them.
  CREATE TRIGGER comments_counted AFTER INSERT ON comments BEGIN
    UPDATE posts SET comments_count = comments_count + 1
      WHERE NEW.moderation_status = 'approved' AND portal_id = NEW.portal_id AND key = NEW.post_key;
    UPDATE users SET comments_count = comments_count + 1 WHERE portal_id = NEW.portal_id AND id = NEW.user_id;
  END;
  CREATE TRIGGER comments_uncounted AFTER DELETE ON comments BEGIN
    UPDATE posts SET comments_count = comments_count - 1
      WHERE OLD.moderation_status = 'approved' AND portal_id = OLD.portal_id AND key = OLD.post_key;
    UPDATE users SET comments_count = comments_count - 1 WHERE portal_id = OLD.portal_id AND id = OLD.user_id;
  END;
  CREATE TRIGGER comments_recounted AFTER UPDATE OF moderation_status, post_key, user_id ON comments BEGIN
    UPDATE posts SET comments_count = comments_count - 1
      WHERE OLD.moderation_status = 'approved' AND portal_id = OLD.portal_id AND key = OLD.post_key;
    UPDATE posts SET comments_count = comments_count + 1
      WHERE NEW.moderation_status = 'approved' AND portal_id = NEW.portal_id AND key = NEW.post_key;
    UPDATE users SET comments_count = comments_count - 1 WHERE portal_id = OLD.portal_id AND id = OLD.user_id;
    UPDATE users SET comments_count = comments_count + 1 WHERE portal_id = NEW.portal_id AND id = NEW.user_id;
  END;
  CREATE TRIGGER posts_counted AFTER INSERT ON posts BEGIN
    UPDATE users SET posts_count = posts_count + 1 WHERE portal_id = NEW.portal_id AND id = NEW.author_id;
  END;
  CREATE TRIGGER posts_uncounted AFTER DELETE ON posts BEGIN
    UPDATE users SET posts_count = posts_count - 1 WHERE portal_id = OLD.portal_id AND id = OLD.author_id;
  END;
  CREATE TRIGGER users_counted AFTER INSERT ON users BEGIN
    UPDATE users SET
      comments_count = (SELECT count(*) FROM comments WHERE portal_id = NEW.portal_id AND user_id = NEW.id),
      posts_count = (SELECT count(*) FROM posts WHERE portal_id = NEW.portal_id AND author_id = NEW.id)
      WHERE row = NEW.row;
  END;
  CREATE TRIGGER votes_latest AFTER INSERT ON anonymous_votes BEGIN
    UPDATE posts SET latest_vote_ms = max(coalesce(latest_vote_ms, NEW.created_ms), NEW.created_ms)
      WHERE portal_id = NEW.portal_id AND key = NEW.post_key;
  END;
  CREATE TRIGGER votes_latest_removed AFTER DELETE ON anonymous_votes BEGIN
    UPDATE posts SET latest_vote_ms =
      (SELECT max(created_ms) FROM anonymous_votes WHERE portal_id = OLD.portal_id AND post_key = OLD.post_key)
      WHERE portal_id = OLD.portal_id AND key = OLD.post_key;
  END;
  `,
  /* 2 */ `
  -- Posts per moderation state and tab (tab_key 0: none), so a list's total is not a count over every post.
  CREATE TABLE post_counts (
    portal_id INTEGER NOT NULL,
    moderation_status TEXT NOT NULL,
    tab_key INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (portal_id, moderation_status, tab_key)
  ) WITHOUT ROWID;
  INSERT INTO post_counts SELECT portal_id, moderation_status, coalesce(tab_id, 0), count(*) FROM posts GROUP BY 1, 2, 3;
  CREATE TRIGGER posts_tallied AFTER INSERT ON posts BEGIN
    INSERT INTO post_counts VALUES (NEW.portal_id, NEW.moderation_status, coalesce(NEW.tab_id, 0), 1)
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER posts_untallied AFTER DELETE ON posts BEGIN
    UPDATE post_counts SET n = n - 1
      WHERE portal_id = OLD.portal_id AND moderation_status = OLD.moderation_status AND tab_key = coalesce(OLD.tab_id, 0);
  END;
  CREATE TRIGGER posts_retallied AFTER UPDATE OF portal_id, moderation_status, tab_id ON posts BEGIN
    UPDATE post_counts SET n = n - 1
      WHERE portal_id = OLD.portal_id AND moderation_status = OLD.moderation_status AND tab_key = coalesce(OLD.tab_id, 0);
    INSERT INTO post_counts VALUES (NEW.portal_id, NEW.moderation_status, coalesce(NEW.tab_id, 0), 1)
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  `,
  /* 3 */ `
  -- Feedback ids (fb-<n>) per portal, and section ids across the store (portal_id 0), from counters too.
  INSERT INTO sequences (portal_id, name, last)
    SELECT id, 'feedback', (SELECT coalesce(max(CAST(substr(f.id, 4) AS INTEGER)), 0) FROM feedback f
      WHERE f.portal_id = portals.id AND f.id GLOB 'fb-[0-9]*' AND NOT substr(f.id, 4) GLOB '*[^0-9]*')
    FROM portals;
  INSERT INTO sequences (portal_id, name, last) SELECT 0, 'sections', coalesce(max(id), 0) FROM sections;
  `,
  /* 4 */ `
  -- Replies and comments out of the approved state are few: their indexes hold only them (a fraction of the
  -- size, and of the time to build on a seed load). Queries name the condition to use them.
  DROP INDEX comments_by_parent;
  CREATE INDEX comments_by_parent ON comments (portal_id, parent_id) WHERE parent_id IS NOT NULL;
  DROP INDEX comments_by_status;
  CREATE INDEX comments_unapproved ON comments (portal_id, moderation_status, id) WHERE moderation_status <> 'approved';
  -- Comments per user are kept in users.comments_count by the triggers; the one count over a user's
  -- comments (a user row inserted again, which no request does) may read the portal's comments.
  DROP INDEX comments_by_user;
  `,
  /* 5 */ `
  -- The portal's events (post.created, …) are kept in the events log, their envelope as the payload; the
  -- envelope's id finds one (a delivery refers to its event by it). Mail and jobs have no such id.
  ALTER TABLE events ADD COLUMN event_id TEXT
    GENERATED ALWAYS AS (CASE WHEN instr(type, '.') > 0 THEN json_extract(payload, '$.id') END) VIRTUAL;
  CREATE INDEX events_by_event_id ON events (portal_id, event_id) WHERE event_id IS NOT NULL;
  -- Webhook endpoints; ids are never given again (AUTOINCREMENT). events: a JSON array of names, [] for all.
  CREATE TABLE webhook_endpoints (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    secret TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    disabled_reason TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX webhook_endpoints_by_portal ON webhook_endpoints (portal_id, id);
  -- One delivery per endpoint and event, sent in row order per endpoint. due_ms: when the next attempt
  -- may start, while the delivery waits (pending, retrying).
  CREATE TABLE webhook_deliveries (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    endpoint_id INTEGER NOT NULL,
    event_id TEXT NOT NULL,
    event TEXT NOT NULL,
    status TEXT NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 0,
    due_ms INTEGER,
    response_status INTEGER,
    error TEXT,
    delivered_at TEXT,
    UNIQUE (endpoint_id, event_id)
  );
  CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries (endpoint_id, row)
    WHERE status IN ('pending', 'retrying');
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, row);
  -- Pending items created with silent: true, which stay silent when approved.
  CREATE TABLE silenced_items (
    portal_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    item_id TEXT NOT NULL,
    PRIMARY KEY (portal_id, kind, item_id)
  ) WITHOUT ROWID;
  `,
  /* 6 */ `
  -- Votes of named users (ids from a counter), counted on the voter and in the post's latest vote.
  CREATE TABLE user_votes (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    post_key TEXT NOT NULL,
    user_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    UNIQUE (portal_id, id),
    UNIQUE (portal_id, post_key, user_id)
  );
  CREATE INDEX user_votes_by_user ON user_votes (portal_id, user_id);
  ALTER TABLE users ADD COLUMN votes_count INTEGER NOT NULL DEFAULT 0;
  INSERT INTO sequences (portal_id, name, last) SELECT id, 'user_votes', 0 FROM portals;
  CREATE TRIGGER user_votes_counted AFTER INSERT ON user_votes BEGIN
    UPDATE users SET votes_count = votes_count + 1 WHERE portal_id = NEW.portal_id AND id = NEW.user_id;
    UPDATE posts SET latest_vote_ms = max(coalesce(latest_vote_ms, NEW.created_ms), NEW.created_ms)
      WHERE portal_id = NEW.portal_id AND key = NEW.post_key;
  END;
  CREATE TRIGGER user_votes_uncounted AFTER DELETE ON user_votes BEGIN
    UPDATE users SET votes_count = votes_count - 1 WHERE portal_id = OLD.portal_id AND id = OLD.user_id;
    UPDATE posts SET latest_vote_ms = (SELECT max(ms) FROM (
        SELECT max(created_ms) AS ms FROM anonymous_votes WHERE portal_id = OLD.portal_id AND post_key = OLD.post_key
        UNION ALL SELECT max(created_ms) FROM user_votes WHERE portal_id = OLD.portal_id AND post_key = OLD.post_key))
      WHERE portal_id = OLD.portal_id AND key = OLD.post_key;
  END;
  DROP TRIGGER votes_latest_removed;
  CREATE TRIGGER votes_latest_removed AFTER DELETE ON anonymous_votes BEGIN
    UPDATE posts SET latest_vote_ms = (SELECT max(ms) FROM (
        SELECT max(created_ms) AS ms FROM anonymous_votes WHERE portal_id = OLD.portal_id AND post_key = OLD.post_key
        UNION ALL SELECT max(created_ms) FROM user_votes WHERE portal_id = OLD.portal_id AND post_key = OLD.post_key))
      WHERE portal_id = OLD.portal_id AND key = OLD.post_key;
  END;
  `,
  /* 7 */ `
  -- Anonymous votes on comments (the anonymous-vote route's key names a comment), counted in the comment's
  -- votes_count; a user's comment_votes_count is the votes_count of the comments they wrote, added up.
  CREATE TABLE comment_votes (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    comment_id INTEGER NOT NULL,
    anonymous_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  CREATE INDEX comment_votes_by_comment ON comment_votes (portal_id, comment_id, anonymous_id);
  ALTER TABLE users ADD COLUMN comment_votes_count INTEGER NOT NULL DEFAULT 0;
  UPDATE users SET comment_votes_count = t.n
    FROM (SELECT portal_id, user_id, sum(votes_count) AS n FROM comments GROUP BY 1, 2) AS t
    WHERE t.portal_id = users.portal_id AND t.user_id = users.id;
  CREATE TRIGGER comment_votes_recounted AFTER UPDATE OF votes_count ON comments BEGIN
    UPDATE users SET comment_votes_count = comment_votes_count + NEW.votes_count - OLD.votes_count
      WHERE portal_id = NEW.portal_id AND id = NEW.user_id;
  END;
  CREATE TRIGGER comment_votes_counted AFTER INSERT ON comments WHEN NEW.votes_count <> 0 BEGIN
    UPDATE users SET comment_votes_count = comment_votes_count + NEW.votes_count
      WHERE portal_id = NEW.portal_id AND id = NEW.user_id;
  END;
  -- A deleted comment takes its votes with it.
  CREATE TRIGGER comment_votes_gone AFTER DELETE ON comments BEGIN
    UPDATE users SET comment_votes_count = comment_votes_count - OLD.votes_count
      WHERE OLD.votes_count <> 0 AND portal_id = OLD.portal_id AND id = OLD.user_id;
    DELETE FROM comment_votes WHERE portal_id = OLD.portal_id AND comment_id = OLD.id;
  END;
  `,
  /* 8 */ `
  -- Images of knowledge-base tabs, uploaded with a sync archive and served under the portal
  -- (D-KB-IMAGES): one row per tab and key, the bytes kept in the database with their type and hash.
  CREATE TABLE kb_images (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    tab_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    content_type TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    data BLOB NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (portal_id, tab_id, key)
  );
  `,
  /* 9 */ `
  -- Status and tag ids come from counters too, now that statuses and tags can be created
  -- (D-STATUS-WRITE, D-TAG-WRITE): new tag ids are digits, so their counter starts past the
  -- highest id of digits only.
  INSERT INTO sequences (portal_id, name, last)
    SELECT p.id, 'statuses', coalesce((SELECT max(s.id) FROM statuses s WHERE s.portal_id = p.id), 0) FROM portals p;
  INSERT INTO sequences (portal_id, name, last)
    SELECT p.id, 'tags', coalesce((SELECT max(CAST(t.id AS INTEGER)) FROM tags t
      WHERE t.portal_id = p.id AND t.id GLOB '[0-9]*' AND t.id NOT GLOB '*[^0-9]*'), 0) FROM portals p;
  `,
  /* 10 */ `
  -- Whether a post is published (D-POST-TOGGLE-PUBLISH); every post was before.
  ALTER TABLE posts ADD COLUMN published INTEGER NOT NULL DEFAULT 1;
  `,
  /* 11 */ `
  -- When a user was blocked (D-USER-BULK): a blocked user cannot vote, comment or post.
  ALTER TABLE users ADD COLUMN blocked_at TEXT;
  `,
  /* 12 */ `
  -- Widgets (D-WIDGETS) and the product vision (D-PRODUCT-VISION), seed extensions the API reads;
  -- a user's plan and segment values, which the user filter lists name (D-USER-FILTERS).
  CREATE TABLE widgets (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    id_lc TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    tab_id INTEGER,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (portal_id, id_lc)
  );
  CREATE TABLE product_visions (
    row INTEGER PRIMARY KEY AUTOINCREMENT,
    portal_id INTEGER NOT NULL UNIQUE,
    id INTEGER NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  ALTER TABLE users ADD COLUMN plan TEXT;
  ALTER TABLE users ADD COLUMN segments TEXT;
  INSERT INTO sequences (portal_id, name, last) SELECT p.id, 'product_visions', 0 FROM portals p;
  `,
  /* 13 */ `
  -- Every order of a post list reads its page from an index (D-POSTS-DEEP-PAGES, post-list-query.ts).
  -- Whether a post is on a knowledge-base tab and its author's name (lower-cased) are kept on it by
  -- triggers, so a list without knowledge-base articles and one ordered by author are ranges of one.
  ALTER TABLE posts ADD COLUMN on_kb_tab INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE posts ADD COLUMN author_name_lc TEXT;
  UPDATE posts SET on_kb_tab = 1
    WHERE tab_id IN (SELECT t.id FROM tabs t WHERE t.portal_id = posts.portal_id AND t.type = 'knowledge_base');
  UPDATE posts SET author_name_lc =
    (SELECT u.name_lc FROM users u WHERE u.portal_id = posts.portal_id AND u.id = posts.author_id);
  CREATE TRIGGER posts_placed AFTER INSERT ON posts BEGIN
    UPDATE posts SET
      on_kb_tab = EXISTS (SELECT 1 FROM tabs t
        WHERE t.portal_id = NEW.portal_id AND t.id = NEW.tab_id AND t.type = 'knowledge_base'),
      author_name_lc = (SELECT u.name_lc FROM users u WHERE u.portal_id = NEW.portal_id AND u.id = NEW.author_id)
      WHERE row = NEW.row;
  END;
  CREATE TRIGGER posts_moved AFTER UPDATE OF portal_id, tab_id ON posts BEGIN
    UPDATE posts SET on_kb_tab = EXISTS (SELECT 1 FROM tabs t
        WHERE t.portal_id = NEW.portal_id AND t.id = NEW.tab_id AND t.type = 'knowledge_base')
      WHERE row = NEW.row;
  END;
  CREATE TRIGGER posts_reauthored AFTER UPDATE OF portal_id, author_id ON posts BEGIN
    UPDATE posts SET
      author_name_lc = (SELECT u.name_lc FROM users u WHERE u.portal_id = NEW.portal_id AND u.id = NEW.author_id)
      WHERE row = NEW.row;
  END;
  CREATE TRIGGER tabs_placed AFTER INSERT ON tabs BEGIN
    UPDATE posts SET on_kb_tab = (NEW.type = 'knowledge_base') WHERE portal_id = NEW.portal_id AND tab_id = NEW.id;
  END;
  CREATE TRIGGER tabs_retyped AFTER UPDATE OF portal_id, id, type ON tabs BEGIN
    UPDATE posts SET on_kb_tab = 0 WHERE portal_id = OLD.portal_id AND tab_id = OLD.id;
    UPDATE posts SET on_kb_tab = (NEW.type = 'knowledge_base') WHERE portal_id = NEW.portal_id AND tab_id = NEW.id;
  END;
  CREATE TRIGGER tabs_removed AFTER DELETE ON tabs BEGIN
    UPDATE posts SET on_kb_tab = 0 WHERE portal_id = OLD.portal_id AND tab_id = OLD.id;
  END;
  CREATE TRIGGER users_named AFTER INSERT ON users BEGIN
    UPDATE posts SET author_name_lc = NEW.name_lc WHERE portal_id = NEW.portal_id AND author_id = NEW.id;
  END;
  CREATE TRIGGER users_renamed AFTER UPDATE OF portal_id, id, name_lc ON users BEGIN
    UPDATE posts SET author_name_lc = NULL WHERE portal_id = OLD.portal_id AND author_id = OLD.id;
    UPDATE posts SET author_name_lc = NEW.name_lc WHERE portal_id = NEW.portal_id AND author_id = NEW.id;
  END;
  CREATE TRIGGER users_removed AFTER DELETE ON users BEGIN
    UPDATE posts SET author_name_lc = NULL WHERE portal_id = OLD.portal_id AND author_id = OLD.id;
  END;
  -- The default order's index (newest first); the others are built when a list first asks for their order.
  DROP INDEX posts_by_created;
  CREATE INDEX posts_listed_by_created_ms_desc
    ON posts (portal_id, moderation_status, on_kb_tab, created_ms DESC, database_id, tab_id);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
