import { defineGroup } from '../../framework/define-command.js';
import create from './create.js';
import del from './delete.js';
import duplicates from './duplicates.js';
import list from './list.js';
import publish from './publish.js';
import search from './search.js';
import undo from './undo.js';
import unpublish from './unpublish.js';
import update from './update.js';
import view from './view.js';

export const { register } = defineGroup({
  name: 'posts',
  description: 'List, view, create, update, publish and delete posts',
  help: "view, create, update, publish, unpublish and delete are assumed operations (see `fp portal drift`). update, publish, unpublish and delete also take many posts (- or --where); undo restores a run from its --journal. search and duplicates find posts (D-POST-SEARCH, D-POST-DUPLICATES). The AI rewrites of the hosted API (adjust, improve) are left out: fp does not fake a language model's writing (D-POST-AI-LEFT-OUT).",
  commands: [list, search, duplicates, view, create, update, publish, unpublish, del, undo],
});
