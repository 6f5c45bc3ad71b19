export type EditorType = 'markdown' | 'wysiwyg';

/** One URL checked: whether it answered well, what it answered or why it did not, and where it led. */
export type LinkCheck = {
  url: string;
  ok: boolean;
  /** Last HTTP status seen; null when no response arrived (DNS, refused, reset, timeout). */
  status: number | null;
  error: string | null;
  final_url: string;
  redirects: number;
  /** ISO 8601. */
  checked_at: string;
};

export type PostHealth = {
  post_key: string;
  title: string;
  healthy: boolean;
  links_total: number;
  links_failed: number;
  links: LinkCheck[];
};

export type ScanCounts = {
  total: number;
  checked: number;
  failed: number;
};

export type ScanResult = ScanCounts & {
  posts: PostHealth[];
};

export type ScanProgress = ScanCounts & {
  scan_id: string;
  tab_id: number;
  state: 'queued' | 'running' | 'completed' | 'failed';
  /** ISO 8601, null until the scan starts. */
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
};

export type ScanArticle = {
  key: string;
  title: string;
  body: string;
  editorType: EditorType;
};
