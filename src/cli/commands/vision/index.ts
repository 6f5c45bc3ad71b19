import type { ProductVision } from '../../../contract/schemas/vision.js';
import { defineCommand, defineGroup } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import { onlyOne, readTextFile } from '../../read-text.js';

const columns: Column<ProductVision>[] = [
  { header: 'TITLE', value: (v) => v.title },
  { header: 'CONTENT', value: (v) => v.content, max: 60 },
  { header: 'UPDATED', field: 'updated_at', value: (v) => v.updated_at, date: true },
];

const get = defineCommand({
  name: 'get',
  endpoint: 'vision.get',
  columns,
  examples: ['fp vision get', 'fp vision get --jq .content'],
  async run({ client }) {
    return { item: (await (await client()).call('vision.get', {})).data };
  },
});

const set = defineCommand<{ title?: string; content?: string; contentFile?: string }>({
  name: 'set',
  endpoint: 'vision.upsert',
  description: 'Write the product vision (created, or replaced)',
  flags: [
    { flags: '--title <text>', description: 'the title (left out: the title stays)', field: 'title' },
    { flags: '--content <text>', description: 'the vision itself' },
    { flags: '--content-file <path>', description: 'read the vision from a file, - for stdin' },
  ],
  needsOneOf: ['--content', '--content-file'],
  columns,
  examples: [
    'fp vision set --title "Answers everyone trusts" --content "Every dashboard loads in under two seconds."',
    'fp vision set --content-file - < vision.md',
  ],
  async run({ opts, fields, client, f }) {
    onlyOne([opts.content !== undefined && '--content', opts.contentFile !== undefined && '--content-file']);
    const content =
      opts.contentFile === undefined ? opts.content! : await readTextFile(f.io, opts.contentFile, '--content-file');
    const body = { ...(fields.title !== undefined && { title: fields.title as string }), content };
    return { item: (await (await client()).call('vision.upsert', { body })).data };
  },
});

const del = defineCommand({
  name: 'delete',
  endpoint: 'vision.delete',
  examples: ['fp vision delete --yes'],
  confirm: () => 'Delete the product vision?',
  async run({ client }) {
    const res = await (await client()).call('vision.delete', {});
    return { done: res.message, data: res };
  },
});

export const { register } = defineGroup({
  name: 'vision',
  description: "Read, write and delete the portal's product vision (assumed operations, D-PRODUCT-VISION)",
  help: "Drafting a vision with the portal's AI (PV4) is left out: fp does not fake a language model's writing (D-POST-AI-LEFT-OUT).",
  commands: [get, set, del],
});
