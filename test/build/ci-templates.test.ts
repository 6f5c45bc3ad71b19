import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The CI step people drop in: a composite GitHub Action (action.yml) and a GitLab CI template. Both
// must run the one recipe script the acceptance test runs (test/acceptance/kb-recipe.test.ts), with
// the portal, tab and folder as its variables, and hand its counts on as outputs.

const ROOT = resolve(import.meta.dirname, '../..');
const RECIPE = 'scripts/kb-sync-recipe.sh';
const read = (file: string) => parse(readFileSync(join(ROOT, file), 'utf8'));

/** The names the recipe writes to KB_SUMMARY_FILE, as its header lists them. */
function recipeCounts(): string[] {
  const header = readFileSync(join(ROOT, RECIPE), 'utf8').split('\n# Exit status')[0];
  const listed = /KB_SUMMARY_FILE[\s\S]*?lines\n#[^\n]*\n((?:#\s+[a-z_,. ]+\n)+)/.exec(header)![1];
  return listed
    .replace(/#/g, '')
    .split(/[,.\s]+/)
    .filter(Boolean);
}

describe('the GitHub Action (action.yml)', () => {
  const action = read('action.yml');
  const steps: Array<Record<string, any>> = action.runs.steps;

  it('is a composite action that sets up Node, installs fp from this repository, then runs the recipe', () => {
    expect(action.runs.using).toBe('composite');
    expect(steps[0].uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(steps[0].with['node-version']).toBe('${{ inputs.node-version }}');
    const install = steps[1].run as string;
    expect(install).toContain('cd "$GITHUB_ACTION_PATH"');
    expect(install).toContain('npm pack');
    expect(install).toContain('npm install --global');
    expect(steps[1].env.FP_PACKAGE).toBe('${{ inputs.fp-package }}');
    expect(existsSync(join(ROOT, RECIPE))).toBe(true);
  });

  it('runs the recipe with the inputs as its variables, executing on the default branch only by default', () => {
    const sync = steps.find((s) => s.id === 'sync')!;
    expect(sync.run).toBe(`KB_SUMMARY_FILE="$GITHUB_OUTPUT" sh "$GITHUB_ACTION_PATH/${RECIPE}"`);
    expect(sync.env).toEqual({
      FP_BASE_URL: '${{ inputs.base-url }}',
      FP_API_KEY: '${{ inputs.api-key }}',
      KB_TAB: '${{ inputs.tab }}',
      KB_DIR: '${{ inputs.dir }}',
      KB_APPLY:
        "${{ inputs.apply == 'true' || (inputs.apply == 'auto' && github.ref_name == github.event.repository.default_branch) }}",
      KB_EXECUTE_FLAGS: '${{ inputs.execute-flags }}',
      KB_LINK_GATE: '${{ inputs.link-gate }}',
    });
    for (const input of ['base-url', 'api-key', 'tab', 'dir']) expect(action.inputs[input].required).toBe(true);
    expect(action.inputs.apply.default).toBe('auto');
  });

  it('has one output per count the recipe writes, each taken from the sync step', () => {
    expect(Object.keys(action.outputs)).toEqual(recipeCounts());
    for (const [name, output] of Object.entries<{ value: string }>(action.outputs)) {
      expect(output.value).toBe(`\${{ steps.sync.outputs.${name} }}`);
    }
  });
});

describe('the GitLab CI template (ci/gitlab/kb-sync.gitlab-ci.yml)', () => {
  const job = read('ci/gitlab/kb-sync.gitlab-ci.yml')['.fp-kb-sync'];

  it('installs fp and runs the recipe shipped in the package, its counts a dotenv report', () => {
    expect(job.image).toMatch(/^node:\d+$/);
    expect(job.before_script.join('\n')).toMatch(
      /npm pack[\s\S]*npm install --global --no-audit --no-fund "\$FP_PACKAGE"/,
    );
    expect(job.script).toEqual([`KB_SUMMARY_FILE=kb-sync.env sh "$(npm root -g)/fp-cli/${RECIPE}"`]);
    expect(job.artifacts.reports.dotenv).toBe('kb-sync.env');
    expect(job.artifacts.paths).toEqual(['$KB_DIR']);
  });

  it('previews everywhere and executes on the default branch', () => {
    expect(job.variables.KB_APPLY).toBe('false');
    expect(job.rules[0]).toEqual({ if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH', variables: { KB_APPLY: 'true' } });
  });
});

describe('packaging', () => {
  it('ships the recipe and the GitLab template', () => {
    const { files } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(files).toContain(RECIPE);
    expect(files).toContain('ci');
  });
});
