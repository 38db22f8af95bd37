/**
 * Which way the imports point (#32): no cycles, type imports included; nothing below the HTTP
 * layer of the functions service imports it; no app reaches into another app; shared packages
 * import no app. `npm run lint` runs it; `.dependency-cruiser-known-violations.json` lists what
 * the renovation of the functions service still has to move (each one removed as it is fixed;
 * a new violation fails at once).
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
        'functions/src/functions holds the thin HTTP files; business modules, platform, adapters and the database never import them.',
      from: {
        path: '^functions/src/',
        // The wiring at the top (app, server, router, context, job handlers) and the tests may.
        pathNot: [
          '^functions/src/functions/',
          '^functions/src/(app|server|router|context|job-handlers)\\.ts$',
          '\\.test\\.ts$',
          '^functions/src/testing/',
        ],
      },
      to: { path: '^functions/src/functions/' },
    },
    {
      name: 'platform-below-everything',
      severity: 'error',
      comment: 'The platform layer (database, queue, clock, security) imports no business module and no HTTP.',
      from: { path: '^functions/src/(platform|db|jobs)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^functions/src/', pathNot: '^functions/src/(platform|db|jobs|http-error\\.ts|config\\.ts)' },
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
