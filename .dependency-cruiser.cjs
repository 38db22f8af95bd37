/**
 * Which way the imports point (#32): no cycles, type imports included; nothing below the HTTP
 * layer of the functions service imports it; no app reaches into another app; shared packages
 * import no app; in the functions service, HTTP on top of one module per business capability
 * (each used through its index.ts), over the platform and the provider adapters. `npm run lint`
 * runs it.
 */
const APPS = '(shell|gateway|functions|mfe-[a-z]+)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle, type imports counted: two modules that cannot be understood one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'functions-below-http',
      severity: 'error',
      comment:
        'functions/src/http holds the thin HTTP files (parse, call a module, answer); modules, platform and adapters never import them.',
      from: {
        path: '^functions/src/',
        // The wiring at the top (app, server) and the tests may.
        pathNot: [
          '^functions/src/http/',
          '^functions/src/(app|server)\\.ts$',
          '\\.test\\.tsx?$',
          '^functions/src/testing/',
        ],
      },
      to: { path: '^functions/src/http/' },
    },
    {
      name: 'http-without-sql',
      severity: 'error',
      comment:
        "An HTTP file parses, calls a module and answers: the database and its SQL helpers are the modules' (dates as ISO text excepted).",
      from: { path: '^functions/src/http/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^functions/src/platform/db/', pathNot: '^functions/src/platform/db/iso\\.ts$' },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment:
        'A business module is used through its index.ts: another module, the HTTP layer or a test never reaches into its files.',
      from: { path: '^functions/src/modules/([^/]+)/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: ['^functions/src/modules/$1/', '^functions/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-through-the-index',
      severity: 'error',
      comment: 'The HTTP layer, the wiring and the tests use a module through its index.ts too.',
      from: { path: '^functions/src/', pathNot: '^functions/src/modules/' },
      to: { path: '^functions/src/modules/[^/]+/.', pathNot: '^functions/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-own-index',
      severity: 'error',
      comment:
        'Inside a module its files import each other; its own index.ts is for the outside (importing it closes a cycle).',
      from: { path: '^functions/src/modules/([^/]+)/', pathNot: '^functions/src/modules/[^/]+/index\\.ts$' },
      to: { path: '^functions/src/modules/$1/index\\.ts$' },
    },
    {
      name: 'platform-below-everything',
      severity: 'error',
      comment:
        'The platform layer (database, queue, clock, security, pages) imports no business module, adapter or HTTP.',
      from: { path: '^functions/src/platform/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^functions/src/', pathNot: '^functions/src/(platform/|config\\.ts$)' },
    },
    {
      name: 'adapters-below-modules',
      severity: 'error',
      comment:
        "Provider adapters (mail, SMS, payments, e-signature, door relay, storage) know the platform only, no module's rules.",
      from: { path: '^functions/src/adapters/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^functions/src/', pathNot: '^functions/src/(platform/|adapters/|config\\.ts$)' },
    },
    {
      name: 'no-app-into-another-app',
      severity: 'error',
      comment: 'Each app builds and releases alone: what two apps share lives in a shared-* package.',
      from: { path: `^${APPS}/` },
      to: { path: `^${APPS}/`, pathNot: '^$1/' },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'Shared packages are below every app.',
      from: { path: '^shared-[a-z]+/' },
      to: { path: `^${APPS}/` },
    },
    {
      name: 'browser-zod-is-mini',
      severity: 'error',
      comment:
        "Code a page loads uses zod/mini: one classic zod import anywhere in a remote keeps zod's whole core in it (the sign-up carried 27.7 KB gzip of it, 11.3 with mini alone). Tests, mocks and servers may use classic.",
      from: {
        path: '^(shell|mfe-[a-z]+|shared-api|shared-ui|shared-i18n|shared-router)/src/',
        pathNot: [
          '\\.test\\.tsx?$',
          '/testing/',
          '^shared-api/src/msw/',
          '^shell/src/server/',
          '^mfe-[a-z]+/src/server/',
        ],
      },
      to: { path: '^node_modules/zod/', pathNot: '^node_modules/zod/(v4/)?(mini|core)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)sourcemaps/', '(^|/)\\.tmp/', '^e2e/', '^tooling/'] },
    // Type-only imports count: a cycle closed by `import type` is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    preserveSymlinks: false,
  },
};
