import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js (docs/architecture.md "Checks"), run on snippets
// that are never written to disk. Only no-restricted-imports runs, without type information.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function refused(file: string, from: string): Promise<boolean> {
  const code = `import { x } from '${from}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

describe('import boundaries', () => {
  it.each([
    ['src/client/search/x.tsx', '../../server/config'],
    ['src/client/x.ts', '../modules/core/server/acts'],
    ['src/server/http/x.ts', '../../client/config'],
    ['src/protocol/x.ts', '../server/config'],
    ['src/protocol/x.ts', '../kernel/label'],
    ['src/kernel/x.ts', '../modules'],
    ['src/kernel/x.ts', '../client/config'],
    ['src/modules/core/types.ts', './server/acts'],
    ['src/modules/core/client/x.tsx', '../server/acts'],
    ['src/modules/core/client/x.tsx', '../../../server/services'],
    ['src/modules/core/server/x.ts', '../client/view'],
    ['src/modules/core/server/x.ts', '../../other/server/acts'],
    ['src/modules/core/server/x.ts', '../../other/client/view'],
    ['src/modules/core/module.ts', '../other/i18n/en'],
    ['src/modules/core/client/index.ts', '../../../client/state/items'],
    ['src/modules/core/client/admin/x.tsx', '../../../../client/shell/nav'],
    ['src/modules/core/client/admin/x.tsx', '../../../../client'],
    ['src/client/views/registry.ts', '../../modules/core/client/index'],
    ['src/client/x.ts', '../modules/core/client/admin/x'],
  ])('%s may not import %s', async (file, from) => {
    expect(await refused(file, from)).toBe(true);
  });

  it.each([
    ['src/client/x.ts', '../protocol/ids'],
    ['src/client/x.ts', 'react-dom/client'],
    ['src/server/x.ts', '@aws-sdk/client-s3'],
    ['src/kernel/x.ts', '../protocol/ids'],
    ['src/kernel/registry.test.ts', '../modules'],
    ['src/modules/core/server/x.ts', '../../../server/services'],
    ['src/modules/core/server/x.ts', '../types'],
    ['src/modules/core/server/x.ts', '../../other/contract'],
    ['src/modules/core/client/x.tsx', '../../other/types'],
    ['src/server/server-modules.ts', '../modules/core/server/index'],
    ['src/modules/core/client/index.ts', '../../../client/module-api'],
    ['src/modules/core/client/admin/x.tsx', '../../../../client/module-api'],
    ['src/modules/core/client/admin/x.tsx', '../people/useManagedOrgs'],
    ['src/modules/core/client/admin/x.tsx', '../../../../protocol/files'],
    ['src/client/i18n/bundle.test.ts', '../../modules/core/client/admin/systext-model'],
  ])('%s may import %s', async (file, from) => {
    expect(await refused(file, from)).toBe(false);
  });
});
