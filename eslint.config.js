import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries (DESIGN §2 "A module is one folder", §3 dependency direction), checked on
// relative import paths: a path that walks through a folder named `server`, `client`, … is
// refused where that side must not be reached. Packages (`react-dom/client`) are not relative
// and never match.
/** @param {string} folder */
const through = (folder) => `^\\.{1,2}/(?:.*/)?(?:${folder})(?:/|$)`;
const NOT_SERVER = {
  regex: through('server'),
  message:
    'Browser code never imports server code (src/server or a module’s server/). Share it through src/protocol or src/kernel.',
};
const NOT_CLIENT = {
  regex: through('client'),
  message:
    'Server code never imports client code (src/client or a module’s client/). Share it through src/protocol or src/kernel.',
};
const NOT_MODULES = {
  regex: through('modules'),
  message: 'protocol and kernel sit below the modules: they never import them (DESIGN §3).',
};
const NOT_KERNEL = {
  regex: through('kernel'),
  message: 'protocol is the bottom layer: it never imports the kernel (DESIGN §3).',
};
// A module's client code reaches the client only through its module API (src/client/module-api.ts);
// from src/modules/<id>/client/… the client is three or more levels up.
const ONLY_MODULE_API = {
  regex: '^(?:\\.\\./){3,}client(?:/(?!module-api$).*)?$',
  message:
    'A module’s client code imports the client only through src/client/module-api.ts (export there what modules need).',
};
// The client loads the modules' client halves by id (client/modules/loader.ts, each its own
// chunk); a static import would put a module's code in the start-up bundle.
const NOT_MODULE_CLIENT = {
  regex: '^\\.{1,2}/(?:.*/)?modules/[^/]+/client(?:/|$)',
  message:
    'The client never imports a module’s client half: the loader (client/modules/loader.ts) loads it on demand.',
};
// A module's public entry is its top-level files (module.ts, types.ts, contract.ts, index.ts);
// its subfolders (server/, client/, test/, i18n/, …) are its own. `<other>/<folder>/` after a
// relative walk is another module's internals; `../server/…` (a `..` before it) is not.
/** @param {string} id */
const notInsideOtherModules = (id) => ({
  regex: `^\\.{1,2}/(?:.*/)?(?!${id}/)[^/.][^/]*/(?:server|client|test|i18n)(?:/|$)`,
  message: `A module reaches another module only through its public entry (module.ts, types.ts, contract.ts), never its server/, client/ or other folders.`,
});
/**
 * @param {...{ regex: string; message: string }} patterns
 * @returns {import('eslint').Linter.RulesRecord}
 */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const moduleIds = readdirSync(new URL('./src/modules', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const moduleBoundaries = moduleIds.flatMap((id) => {
  const other = notInsideOtherModules(id);
  return [
    { files: [`src/modules/${id}/**/*.{ts,tsx}`], rules: restrict(other) },
    { files: [`src/modules/${id}/*.{ts,tsx}`], rules: restrict(other, NOT_SERVER, NOT_CLIENT) },
    // A module's form/ folder (geokeeper's form engine) is shared like its top-level files.
    { files: [`src/modules/${id}/form/**/*.{ts,tsx}`], rules: restrict(other, NOT_SERVER, NOT_CLIENT) },
    { files: [`src/modules/${id}/server/**/*.{ts,tsx}`], rules: restrict(other, NOT_CLIENT) },
    {
      files: [`src/modules/${id}/client/**/*.{ts,tsx}`],
      rules: restrict(other, NOT_SERVER, ONLY_MODULE_API),
    },
  ];
});

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'migrations/', 'coverage/', 'e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Typed rules: a promise nobody awaits loses its rejection. The project service finds each
  // file's tsconfig through the references of tsconfig.json.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React's onClick={async () => …} returns a promise React ignores; the handlers catch
      // their own errors (alerts), so only the attribute case is allowed.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/modules/*/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Act contracts carry zod, which is not in the start-up JavaScript: the client types its
      // acts with them (import type) and sends only the names (kernel/act-contract.ts).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contract', '**/modules/contracts'],
              allowTypeImports: true,
              message:
                'Import act contracts as types only in the client (zod stays out of the start-up bundle).',
            },
            {
              // The one list (src/modules/index.ts) holds every manifest and, through them, the
              // contracts; the client derives from it in types only (modules/contracts.ts).
              regex: '^\\.{1,2}/(?:.*/)?modules(?:/index)?$',
              allowTypeImports: true,
              message:
                'Import the module list as types only in the client (zod stays out of the start-up bundle).',
            },
          ],
        },
      ],
    },
  },
  // Boundaries. One block per folder: a later block's no-restricted-imports replaces an earlier one.
  { files: ['src/client/**/*.{ts,tsx}'], rules: restrict(NOT_SERVER, NOT_MODULE_CLIENT) },
  // Its unit tests may check a module's client code against the client's (bundles, models).
  { files: ['src/client/**/*.test.ts'], rules: restrict(NOT_SERVER) },
  { files: ['src/server/**/*.{ts,tsx}'], rules: restrict(NOT_CLIENT) },
  { files: ['src/protocol/**/*.ts'], rules: restrict(NOT_SERVER, NOT_CLIENT, NOT_MODULES, NOT_KERNEL) },
  { files: ['src/kernel/**/*.ts'], rules: restrict(NOT_SERVER, NOT_CLIENT, NOT_MODULES) },
  // Their unit tests may build a registry from the real module list.
  { files: ['src/protocol/**/*.test.ts'], rules: restrict(NOT_SERVER, NOT_CLIENT, NOT_KERNEL) },
  { files: ['src/kernel/**/*.test.ts'], rules: restrict(NOT_SERVER, NOT_CLIENT) },
  ...moduleBoundaries,
);
