import { publishCommand } from './publish-command.js';

export default publishCommand({
  published: false,
  description: 'Unpublish a post, or many (kept from the public portal; the API still lists them)',
  examples: [
    'fp posts unpublish 3zah2',
    'fp posts unpublish 3zah2 --json',
    'fp posts unpublish --where tab=changelog --where status=Released --dry-run',
  ],
});
