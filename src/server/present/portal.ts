import type { Portal as PortalBody } from '../../contract/schemas/portal.js';
import type { Portal } from '../store/portal.js';

export function presentPortal(portal: Portal): PortalBody {
  return {
    guid: portal.guid,
    title: portal.title,
    localization: portal.localization,
    editor_type: portal.editor_type,
    jira_enabled: portal.jira_enabled,
    jira_sync_status: portal.jira_sync_status,
    linear_enabled: portal.linear_enabled,
    jira_domain: portal.jira_domain,
  };
}
