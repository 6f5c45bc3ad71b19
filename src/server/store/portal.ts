import { readSettings } from './portal-document.js';
import { ApiKeyRepository } from './repositories/api-keys.js';
import { CategoryRepository } from './repositories/categories.js';
import { CommentVoteRepository } from './repositories/comment-votes.js';
import { CommentRepository } from './repositories/comments.js';
import { EventLogRepository } from './repositories/event-log.js';
import { FeedbackRepository } from './repositories/feedback.js';
import { GroupRepository } from './repositories/groups.js';
import { KbRepository } from './repositories/kb.js';
import { KbImageRepository } from './repositories/kb-images.js';
import { PortalScope } from './repositories/portal-scope.js';
import { PostRepository } from './repositories/posts.js';
import { PostTextRepository } from './repositories/post-texts.js';
import { ProductVisionRepository } from './repositories/product-vision.js';
import { ReferenceRepository } from './repositories/references.js';
import { SavedQueryRepository } from './repositories/saved-queries.js';
import { SectionRepository } from './repositories/sections.js';
import { SilencedItemRepository } from './repositories/silenced-items.js';
import { StatusRepository } from './repositories/statuses.js';
import { TabRepository } from './repositories/tabs.js';
import { TagRepository } from './repositories/tags.js';
import { UserVoteRepository } from './repositories/user-votes.js';
import { UserRepository } from './repositories/users.js';
import { VoteRepository } from './repositories/votes.js';
import { WidgetRepository } from './repositories/widgets.js';
import { DeliveryRepository } from './repositories/webhook-deliveries.js';
import { WebhookEndpointRepository } from './repositories/webhook-endpoints.js';
import type { Sql } from './sql.js';
import type { PortalSettings } from '../../seed-file/seed-file.js';

/**
 * One portal of the store: its settings, read once (only a reset changes
 * them), and one repository per aggregate, which read the database when asked,
 * so nothing lives only in memory.
 */
export class Portal implements PortalSettings {
  private settings: PortalSettings;
  readonly scope: PortalScope;
  readonly apiKeys: ApiKeyRepository;
  readonly users: UserRepository;
  readonly tabs: TabRepository;
  readonly sections: SectionRepository;
  readonly statuses: StatusRepository;
  readonly tags: TagRepository;
  readonly categories: CategoryRepository;
  readonly groups: GroupRepository;
  readonly posts: PostRepository;
  readonly comments: CommentRepository;
  readonly feedback: FeedbackRepository;
  readonly references: ReferenceRepository;
  readonly votes: VoteRepository;
  readonly userVotes: UserVoteRepository;
  readonly commentVotes: CommentVoteRepository;
  readonly savedQueries: SavedQueryRepository;
  readonly kb: KbRepository;
  readonly kbImages: KbImageRepository;
  readonly eventLog: EventLogRepository;
  readonly webhooks: WebhookEndpointRepository;
  readonly deliveries: DeliveryRepository;
  readonly silenced: SilencedItemRepository;
  readonly widgets: WidgetRepository;
  readonly postTexts: PostTextRepository;
  readonly vision: ProductVisionRepository;

  constructor(sql: Sql, id: number) {
    this.settings = readSettings(sql, id);
    const scope = (this.scope = new PortalScope(sql, id));
    this.apiKeys = new ApiKeyRepository(scope);
    this.users = new UserRepository(scope);
    this.tabs = new TabRepository(scope);
    this.sections = new SectionRepository(scope);
    this.statuses = new StatusRepository(scope);
    this.tags = new TagRepository(scope);
    this.categories = new CategoryRepository(scope);
    this.groups = new GroupRepository(scope);
    this.posts = new PostRepository(scope);
    this.comments = new CommentRepository(scope);
    this.feedback = new FeedbackRepository(scope);
    this.references = new ReferenceRepository(scope);
    this.votes = new VoteRepository(scope);
    this.userVotes = new UserVoteRepository(scope);
    this.commentVotes = new CommentVoteRepository(scope);
    this.savedQueries = new SavedQueryRepository(scope);
    this.kb = new KbRepository(scope);
    this.kbImages = new KbImageRepository(scope);
    this.eventLog = new EventLogRepository(scope);
    this.webhooks = new WebhookEndpointRepository(scope);
    this.deliveries = new DeliveryRepository(scope);
    this.silenced = new SilencedItemRepository(scope);
    this.widgets = new WidgetRepository(scope);
    this.postTexts = new PostTextRepository(scope);
    this.vision = new ProductVisionRepository(scope);
  }

  /** Read the settings again (after a reset). */
  reload(): void {
    this.settings = readSettings(this.scope.sql, this.id);
  }

  get id() {
    return this.settings.id;
  }
  get hosts() {
    return this.settings.hosts;
  }
  get default() {
    return this.settings.default;
  }
  get guid() {
    return this.settings.guid;
  }
  get title() {
    return this.settings.title;
  }
  get localization() {
    return this.settings.localization;
  }
  get editor_type() {
    return this.settings.editor_type;
  }
  get moderate_comments() {
    return this.settings.moderate_comments;
  }
  get jira_enabled() {
    return this.settings.jira_enabled;
  }
  get jira_sync_status() {
    return this.settings.jira_sync_status;
  }
  get linear_enabled() {
    return this.settings.linear_enabled;
  }
  get jira_domain() {
    return this.settings.jira_domain;
  }
}
