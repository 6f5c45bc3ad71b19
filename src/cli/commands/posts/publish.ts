import { publishCommand } from './publish-command.js';

export default publishCommand({
  published: true,
  description: 'Publish a post, or many (shown on the public portal again)',
  examples: [
    'fp posts publish 3zah2',
    'fp posts publish 3zah2 --json',
    'fp posts list --tab feedback --json | fp posts publish - --journal published.ndjson',
  ],
});
