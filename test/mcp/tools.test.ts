import { describe, expect, it } from 'vitest';
import { parseToolsets, servedTools, serveOptions } from '../../src/mcp/serve-options.js';
import { toolArguments, tools } from '../../src/mcp/tools.js';
import { toolEndpoints } from './support/tool-endpoints.js';

const tool = (name: string) => tools.find((t) => t.name === name)!;

describe('MCP tools derived from the endpoint table', () => {
  it('D-MCP-TOOLS one tool per endpoint, same names and order, description from the summary; another route form of an operation is no tool of its own', () => {
    const operations = toolEndpoints;
    expect(tools.map((t) => [t.name, t.description.slice(0, t.endpoint.summary.length)])).toEqual(
      operations.map((e) => [e.name, e.summary]),
    );
    // A write of text says the text is markdown (D-TEXT-EDITOR-FORMAT), and an entry's agent hint ends the
    // description (D-POST-DUPLICATES: check for duplicates before posts.create); no other tool adds to its summary.
    for (const t of tools) {
      const plain = t.endpoint.editorText === undefined && t.endpoint.agentHint === undefined;
      expect(t.description === t.endpoint.summary).toBe(plain);
      if (t.endpoint.agentHint) expect(t.description.endsWith(t.endpoint.agentHint)).toBe(true);
    }
    for (const name of ['posts.create', 'posts.search']) expect(tool(name).description).toContain('posts.duplicates');
    expect(tool('posts.duplicates').description).toContain('before posts.create');
    expect(tools.map((t) => t.name)).not.toContain('comments.updateNested');
  });

  it('hints follow the table: GET is read-only, destructive entries are destructive', () => {
    for (const t of tools) {
      expect(t.readOnly).toBe(t.endpoint.method === 'GET');
      expect(t.destructive).toBe(t.endpoint.destructive === true);
    }
  });

  it('D-MCP-TOOLS the input schema joins path, query and body fields', () => {
    expect(Object.keys(tool('comments.create').inputSchema.properties as object)).toEqual([
      'key',
      'user_id',
      'comment',
      'parent_id',
      'tagged_for_changelog',
      'pinned_to_top',
      'created_at',
      'use_for_changelog',
      'pin_to_top',
      'silent',
      'result_cursor',
    ]);
    expect(tool('categories.update').inputSchema).toMatchObject({
      type: 'object',
      properties: { id: { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'integer' }] } },
      required: ['id', 'name', 'color'],
    });
    expect(tool('knowledgebase.preview').inputSchema.required).toEqual(['tab_id', 'file']);
  });

  it('D-MCP-TOOLS places each argument in the request: path as strings, query and body as given', () => {
    expect(toolArguments(tool('groups.addUser'), { group: 'g-1', user_id: 'u-1' })).toEqual({
      ok: true,
      request: { params: { group: 'g-1' }, query: undefined, body: { user_id: 'u-1' }, fields: undefined },
    });
    expect(toolArguments(tool('moderation.pending'), { last_post_id: 7 })).toEqual({
      ok: true,
      request: { params: {}, query: { last_post_id: 7 }, body: undefined, fields: undefined },
    });
    const upload = toolArguments(tool('knowledgebase.preview'), {
      tab_id: 3,
      file: Buffer.from('PK').toString('base64'),
    });
    expect(upload.ok && upload.request.file?.toString()).toBe('PK');
  });

  it('D-MCP-RESULTS refuses bad arguments with the field errors the API would give', () => {
    expect(toolArguments(tool('categories.create'), {})).toEqual({
      ok: false,
      message: 'The given data was invalid.',
      errors: { name: ['The name field is required.'] },
    });
    expect(toolArguments(tool('knowledgebase.execute'), { tab_id: 3, file: 'not base64!' })).toEqual({
      ok: false,
      message: 'The given data was invalid.',
      errors: { file: ['The file field must be base64-encoded ZIP data.'] },
    });
  });

  it('D-MCP-TOOLSETS toolsets: endpoint groups, kb as another name of knowledgebase, unknown names refused', () => {
    expect(parseToolsets(' moderation , kb ')).toEqual(['moderation', 'knowledgebase']);
    expect(parseToolsets('')).toBeUndefined();
    expect(() => parseToolsets('moderation,bogus')).toThrow(/^unknown toolset bogus; known: portal, posts/);
    expect(servedTools(serveOptions({ toolsets: 'portal' })).map((t) => t.name)).toEqual(['portal.get']);
    expect(servedTools(serveOptions({ readOnly: true, toolsets: 'categories' })).map((t) => t.name)).toEqual([
      'categories.list',
    ]);
  });
});
