/**
 * AI instruction files: the files an export carries beside the articles for an AI
 * assistant that edits the folder. They are never articles: the export writes them at
 * the archive's root, and a sync leaves them alone wherever they are.
 *
 * The one list of their names. Assumed (`D-KB-INSTRUCTION-FILES`) on the hosted
 * service's own help page, KB-SYNC in api-beyond-the-seed.md §13: "the export ZIP
 * contains AI instruction files (`CLAUDE.md`, `.cursorrules`)". It names these two and
 * no other.
 */
export const INSTRUCTION_FILES: readonly string[] = ['CLAUDE.md', '.cursorrules'];

const NAMES = new Set(INSTRUCTION_FILES);

/** The name an instruction file has, or would have were it not for its case: kept free at the root. */
export const INSTRUCTION_NAMES_FOLDED: readonly string[] = INSTRUCTION_FILES.map((n) => n.toLowerCase());

/** True for an archive path whose file name is an instruction file's, at any depth, spelled exactly. */
export function isInstructionFile(path: string): boolean {
  return NAMES.has(path.slice(path.lastIndexOf('/') + 1));
}

/** What the export writes into each instruction file: how the folder is laid out and what a sync does with it. */
export function instructionText(editorType: 'markdown' | 'wysiwyg'): string {
  const bodies =
    editorType === 'markdown'
      ? 'Bodies are markdown, as the portal edits them.'
      : 'Bodies are HTML, as the portal edits them (its editor is wysiwyg).';
  return `# Editing this knowledge base

This folder is a knowledge base exported from the feedback portal. A sync brings the
portal in line with it: \`fp kb sync preview\` shows what would change, \`fp kb sync execute\`
applies it.

- Each folder is a section. Its \`_index.md\` holds the section's front matter (\`id\`,
  \`name\`, \`sort_order\`) and then its description.
- Every other \`.md\` file is an article: front matter (\`id\`, \`title\`, \`sort_order\`),
  then the body. ${bodies}
- The root \`_index.md\` is the knowledge base's own description.
- Keep every \`id:\` line as it is: it ties the file to its item on the portal. A new
  file has no \`id\`; the sync gives it one.
- Moving a file to another folder moves the article to that section. Removing a file
  proposes deleting its article; the deletion happens only when confirmed.
- Images live in \`images/\` and are linked with relative paths, such as
  \`![Diagram](images/diagram.png)\` from the root or \`../images/diagram.png\` from a
  section's folder. PNG, JPEG, GIF and WebP are accepted.
- ${INSTRUCTION_FILES.map((n) => `\`${n}\``).join(' and ')} hold these instructions. A sync never makes them
  articles, so they can be edited freely.
`;
}
