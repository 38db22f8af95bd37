// One rspack configuration factory for the shell and every remote, so the five
// builds cannot drift apart. Each app's rspack.config.mjs states only what is its own.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { sharedDependencies } from './shared-dependencies.mjs';

const require = createRequire(import.meta.url);
const toolingDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Lists every script of each exposed module in the browser manifest (`metaData.exposeScripts`,
 * by expose): the manifest's own `assets.js.sync` leaves out the chunks split off an expose
 * (a page's own code). The gateway preloads the route's App from it with the shell's code.
 */
class ExposeScriptsInManifest {
  constructor(exposes) {
    this.exposes = Object.keys(exposes);
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('ExposeScriptsInManifest', async (compilation) => {
      const { readFile, writeFile } = await import('node:fs/promises');
      const file = path.join(compiler.options.output.path, 'mf-manifest.json');
      const manifest = JSON.parse(await readFile(file, 'utf8'));
      const scriptsOf = (group) => (group ? group.getFiles().filter((name) => name.endsWith('.js')) : []);
      manifest.metaData.exposeScripts = Object.fromEntries(
        this.exposes.map((expose) => [
          expose,
          scriptsOf(compilation.namedChunkGroups.get(`__federation_expose_${expose.replace(/^\.\//, '')}`)),
        ]),
      );
      // A remote's texts fetched per language (`import(/* webpackChunkName: "texts-es" */ …)`): the
      // gateway preloads the page's language with the App's scripts, so they cost no round trip.
      manifest.metaData.languageScripts = Object.fromEntries(
        [...compilation.namedChunkGroups.keys()].flatMap((name) => {
          const language = /^texts-([a-z]{2})$/.exec(name)?.[1];
          return language ? [[language, scriptsOf(compilation.namedChunkGroups.get(name))]] : [];
        }),
      );
      await writeFile(file, JSON.stringify(manifest));
    });
  }
}

/**
 * Production maps carry the whole source: written for an error tracker, they are moved out of
 * the served folder as soon as they are emitted (to `<app>/sourcemaps/`), so no file server,
 * however a path is spelt to it, can send one.
 */
class SourceMapsOutsideDist {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('SourceMapsOutsideDist', async (compilation) => {
      const { mkdir, rename } = await import('node:fs/promises');
      const served = compiler.options.output.path;
      const kept = path.join(compiler.options.context ?? served, 'sourcemaps');
      for (const name of Object.keys(compilation.assets)) {
        if (!name.endsWith('.map')) continue;
        const target = path.join(kept, name);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(path.join(served, name), target);
      }
    });
  }
}

/**
 * Names the server container in the browser manifest (`metaData.ssrRemoteEntry`), which the
 * federation's Node runtime reads: one manifest URL serves the browser and the renderer.
 */
class SsrEntryInManifest {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('SsrEntryInManifest', async () => {
      const { readFile, writeFile } = await import('node:fs/promises');
      const file = path.join(compiler.options.output.path, '..', 'mf-manifest.json');
      const manifest = JSON.parse(await readFile(file, 'utf8'));
      manifest.metaData.ssrRemoteEntry = { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' };
      await writeFile(file, JSON.stringify(manifest));
    });
  }
}

/**
 * The federation's runtime packages resolve, through the plugin's `require.resolve`, to their
 * CommonJS builds, which cannot be tree-shaken: the snapshot handler, the preloader and every
 * code path the build's `experiments.optimization` switches off stayed in the browser bundle.
 * Their ES module builds, same version, let the bundler drop them.
 */
const FEDERATION_RUNTIME_ESM = Object.fromEntries(
  [
    '@module-federation/webpack-bundler-runtime',
    '@module-federation/runtime',
    '@module-federation/runtime-core',
    '@module-federation/sdk',
    '@module-federation/error-codes',
  ].flatMap((pkg) => {
    const cjs = require.resolve(pkg);
    const esm = cjs.replace(/\.cjs$/, '.js');
    return [[cjs, esm]];
  }),
);

/**
 * React Router publishes its production build beside the development one but names only the
 * latter in its exports (its own Vite plugin picks the other): a production bundle of ours got
 * the router's development warnings and checks. Its production build, same version, for the
 * browser: the router's chunk, on every page, 39.6 → 38.3 KB (12.5 → 12.1 KB Brotli), and no
 * development-only code paths in production.
 */
const ROUTER_PRODUCTION = {
  'react-router$': path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
};

/** A plugin that is one step of every compilation's asset processing, at `stage`. */
function assetStep(name, stage, step) {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tapPromise({ name, stage: stage(Compilation) }, async (assets) =>
          step({ compilation, assets, sources }),
        );
      });
    },
  };
}

/**
 * What the shell runs at start, in five files instead of sixteen (one per shared package and per
 * async boundary): on a slow phone's HTTP/1.1 each file beyond the browser's six connections to
 * the site waits a round trip of ~0.6 s (measured: 19 start files arrived in four waves). The big
 * libraries keep a file each (React, with the eager compile hint to itself; i18next; the router):
 * merged into one, its parse was a longer task and Lighthouse's TBT rose. The small ones join in
 * `libraries` (zustand, this repo's shared singletons), and `site` is the shell's own code with
 * the shared modules it starts with. What runs when is unchanged (each module still starts in its
 * own task, see src/remotes/next-task.ts): only how the bytes travel. What the shell loads later
 * stays apart, named here: the visit booking dialog and the registry's schema.
 */
const START_CHUNKS = {
  chunks: 'async',
  cacheGroups: {
    framework: {
      test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
      name: 'framework',
      chunks: 'async',
      enforce: true,
      priority: 30,
    },
    libraries: {
      test: /node_modules[\\/](zustand|use-sync-external-store)[\\/]|[\\/](shared-router|shared-i18n)[\\/]src[\\/]|[\\/]shared-ui[\\/]src[\\/](toast|site|scheduling)[\\/.]/,
      name: 'libraries',
      chunks: 'async',
      enforce: true,
      priority: 20,
    },
    site: {
      test: (module) => {
        const resource = module.resource ?? '';
        return (
          /[\\/]shell[\\/]src[\\/]|[\\/]shared-ui[\\/]src[\\/]|[\\/]shared-api[\\/]src[\\/](site|scheduling)\.ts$|@module-federation[\\/]/.test(
            resource,
          ) && !/[\\/](VisitBookingDialog|booking-form|VisitBooking\.module|registry-schema)\./.test(resource)
        );
      },
      name: 'site',
      chunks: 'async',
      enforce: true,
      priority: 10,
    },
  },
};

/**
 * Marks the scripts that run in full as soon as they load (the webpack and federation runtime,
 * React DOM) with V8's explicit compile hint: Chromium then compiles them on the background
 * thread that streams them in, instead of function by function on the main thread while the
 * page hydrates (shorter long tasks, less Total Blocking Time). Other browsers ignore the comment.
 * After minifying (which would drop it), before the source maps are written.
 */
const eagerCompileHint = () =>
  assetStep(
    'EagerCompileHint',
    (Compilation) => Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
    ({ compilation, sources }) => {
      for (const chunk of compilation.chunks) {
        const eager =
          chunk.hasRuntime() ||
          compilation.chunkGraph
            .getChunkModules(chunk)
            .some((module) => /node_modules[\\/](react-dom|scheduler)[\\/]/.test(module.resource ?? ''));
        if (!eager) continue;
        for (const file of chunk.files) {
          if (file.endsWith('.js')) {
            compilation.updateAsset(
              file,
              (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source),
            );
          }
        }
      }
    },
  );

/**
 * A Brotli copy (quality 11) of every script and stylesheet, written beside it (`x.js.br`): the
 * gateway and the remotes' origins send it to browsers that accept Brotli. About 13 % fewer bytes
 * than the same files gzipped on the fly, and no compression work per request. Last of all the
 * asset steps, so the copy is of the file as served.
 */
const precompress = () =>
  assetStep(
    'Precompress',
    (Compilation) => Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
    async ({ compilation, assets, sources }) => {
      const { promisify } = await import('node:util');
      const zlib = await import('node:zlib');
      const brotli = promisify(zlib.brotliCompress);
      await Promise.all(
        Object.keys(assets)
          .filter((name) => /\.(js|css)$/.test(name))
          .map(async (name) => {
            const input = compilation.getAsset(name)?.source.buffer();
            // Below a kilobyte the headers outweigh what compression saves.
            if (!input || input.length < 1024) return;
            const output = await brotli(input, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(output));
          }),
      );
    },
  );

/**
 * The shell's scripts that every page runs at start (`start-scripts.json`): the chunk of
 * `import('./bootstrap')`, the chunks of the imports it starts at once, and the shared modules
 * the shell provides (loaded first, so the ones the page uses). The gateway asks for them with
 * main.js, instead of the browser finding them level by level as the code runs.
 */
const startScripts = () =>
  assetStep(
    'StartScripts',
    (Compilation) => Compilation.PROCESS_ASSETS_STAGE_REPORT,
    ({ compilation, sources }) => {
      const main = compilation.entrypoints.get('main');
      if (!main) return;
      const startedByMain = main.childrenIterable;
      const bootstrap = startedByMain.filter((group) => group.origins.some((o) => o.request === './bootstrap'));
      const groups = [...startedByMain, ...bootstrap.flatMap((group) => group.childrenIterable)];
      const files = [...new Set(groups.flatMap((group) => group.getFiles()))].filter((file) => file.endsWith('.js'));
      compilation.emitAsset('start-scripts.json', new sources.RawSource(JSON.stringify(files)));
    },
  );

/** The page that runs an app on its own (a standalone app, or a remote developed alone). */
function appPage(appDir, title, entry) {
  return new rspack.HtmlRspackPlugin({
    // A standalone app has its own page; a remote developed alone uses the common one.
    template: existsSync(path.join(appDir, 'index.html'))
      ? path.join(appDir, 'index.html')
      : path.join(toolingDir, 'dev-index.html'),
    title,
    // The standalone page may be opened at a deep path (/abridor-login?token=…).
    publicPath: '/',
    // The page runs the app; remoteEntry.js is for hosts.
    chunks: [entry],
  });
}

/**
 * @param {object} options
 * @param {string} options.appDir           the app's folder
 * @param {string} options.federationName   container name (a JS identifier)
 * @param {number} options.devPort          port of `rspack serve`
 * @param {'host' | 'remote'} options.kind
 * @param {Record<string, string>} [options.exposes]
 * @param {string[]} [options.runtimePlugins]
 * @param {'always' | 'development' | 'never'} [options.htmlPage] when the app gets its own index.html
 * @param {string} [options.title]
 * @param {boolean} [options.standalone] also deployed as its own app: in production its page is a build of its
 *   own (createStandalonePageConfig), rendered by its origin (src/standalone-server.ts)
 */
export function createConfig(options, argv = {}) {
  const {
    appDir,
    federationName,
    devPort,
    kind,
    exposes = {},
    runtimePlugins = [],
    htmlPage = 'development',
    title,
  } = options;
  const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
  const isProduction = mode === 'production';
  const appPackage = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const hashed = (name) => (isProduction ? `${name}.[contenthash:10]` : name);
  const withHtml = htmlPage === 'always' || (htmlPage === 'development' && !isProduction);

  return {
    name: 'client',
    mode: isProduction ? 'production' : 'development',
    context: appDir,
    entry: { main: './src/index.ts' },
    // Production maps carry the whole source: built for an error tracker (no sourceMappingURL
    // in the bundles), moved out of `dist` (SourceMapsOutsideDist), and refused by the gateway
    // and the static host on the decoded path all the same.
    devtool: isProduction ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      // The shell lives at the site root; remotes work wherever they are served from.
      publicPath: kind === 'host' ? '/' : 'auto',
      uniqueName: federationName,
      filename: `static/js/${hashed('[name]')}.js`,
      chunkFilename: `static/js/${hashed('[name]')}.js`,
      cssFilename: `static/css/${hashed('[name]')}.css`,
      cssChunkFilename: `static/css/${hashed('[name]')}.css`,
      assetModuleFilename: `static/media/${hashed('[name]')}[ext]`,
      // dist/server is the server build's own (it cleans itself).
      clean: { keep: /^server[\\/]/ },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      alias: { ...FEDERATION_RUNTIME_ESM, ...(isProduction ? ROUTER_PRODUCTION : {}) },
    },
    module: {
      // `import styles from './x.module.css'`, as in the rest of the ecosystem (and in Vitest).
      parser: { 'css/auto': { namedExports: false } },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProduction } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        // CSS Modules for `*.module.css`, plain CSS otherwise: no remote's styles leak into another.
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProduction ? 'production' : 'development') }),
      new ModuleFederationPlugin({
        name: federationName,
        ...(kind === 'remote' ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
        shared: sharedDependencies(appPackage),
        shareStrategy: 'loaded-first',
        manifest: true,
        runtimePlugins,
        dts: false,
        // The shell provides the federation runtime once; production remotes reuse it instead of
        // each shipping its own copy (a standalone app's own page is a separate build). `target:
        // 'web'` leaves the runtime's Node code paths out of the browser build (-9 KB).
        experiments:
          kind === 'host'
            ? { provideExternalRuntime: true, optimization: { target: 'web' } }
            : { externalRuntime: isProduction, optimization: { target: 'web' } },
      }),
      isProduction && new SourceMapsOutsideDist(),
      isProduction && eagerCompileHint(),
      isProduction && precompress(),
      isProduction && kind === 'host' && startScripts(),
      isProduction && kind === 'remote' && new ExposeScriptsInManifest(exposes),
      withHtml && appPage(appDir, title, 'main'),
      // Static files of a standalone app (web manifest, icons).
      existsSync(path.join(appDir, 'public')) &&
        new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(appDir, 'public'), to: '.' }] }),
      !isProduction &&
        kind === 'remote' &&
        new rspack.CopyRspackPlugin({
          patterns: [{ from: require.resolve('msw/mockServiceWorker.js', { paths: [appDir] }), to: '.' }],
        }),
    ].filter(Boolean),
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      ...(isProduction && kind === 'host' ? { splitChunks: START_CHUNKS } : {}),
    },
    performance: { hints: false },
    // Lazy compilation rebuilds on first request and reloads the page; federation needs the whole graph.
    lazyCompilation: false,
    devServer: {
      port: devPort,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: true,
      // The shell in development reads the registry, remotes and functions of a running `npm start`.
      ...(kind === 'host'
        ? {
            proxy: [
              {
                context: ['/remotes.json', '/remotes', '/functions'],
                target: process.env.GATEWAY_URL ?? 'http://localhost:8080',
              },
            ],
          }
        : {}),
    },
    stats: isProduction ? 'errors-warnings' : 'minimal',
  };
}

/**
 * The same app for Node (the gateway's renderer): a CommonJS federation container beside the
 * browser build, in `dist/server/`, loaded at run time by URL through the federation's Node
 * runtime. Releasing a remote stays one folder: the browser manifest names this entry
 * (`metaData.ssrRemoteEntry`, written by `scripts/ssr-manifest.mjs`).
 *
 * @param {Parameters<typeof createConfig>[0] & { serverEntry?: string }} options
 */
/**
 * What every server build of an app has in common: Node's target, CommonJS output in
 * `dist/server`, the browser build's CSS Module class names and asset URLs (the browser build
 * ships the files), no minifying.
 */
function nodeBundle(options, argv) {
  const { appDir, federationName } = options;
  const client = createConfig({ ...options, htmlPage: 'never' }, argv);
  return {
    ...client,
    target: 'async-node',
    devtool: false,
    output: {
      path: path.join(appDir, 'dist', 'server'),
      // The client's: CSS Module class names hash it, and the server's must be the browser's.
      uniqueName: federationName,
      chunkFormat: 'commonjs',
      chunkLoading: 'async-node',
      assetModuleFilename: client.output.assetModuleFilename,
    },
    module: {
      ...client.module,
      generator: {
        // Class names only, and the browser's asset URLs: the browser build ships the files.
        'css/auto': { exportsOnly: true },
        asset: { emit: false },
        'asset/resource': { emit: false },
      },
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', minimize: false },
    devServer: undefined,
  };
}

export function createServerConfig(options, argv = {}) {
  const { appDir, federationName, kind, exposes = {}, runtimePlugins = [], serverEntry } = options;
  const base = nodeBundle(options, argv);
  const appPackage = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const shared = sharedDependencies(appPackage);
  return {
    ...base,
    name: 'server',
    // After the browser build: the two never compete for the two cores.
    dependencies: ['client'],
    // The renderer's code for the host; a remote is only its container.
    entry: kind === 'host' && serverEntry ? { render: serverEntry } : {},
    output: {
      ...base.output,
      // Chunks resolve next to remoteEntry.js, wherever the release folder is served from.
      publicPath: '',
      // CommonJS in "type": "module" packages: the host's renderer is required by the gateway.
      filename: kind === 'host' ? '[name].cjs' : '[name].js',
      chunkFilename: `${federationName}.[name].[contenthash:10].${kind === 'host' ? 'cjs' : 'js'}`,
      library: { type: 'commonjs-module' },
      clean: true,
    },
    resolve: {
      ...base.resolve,
      alias: exposes['./App'] ? { 'federation-expose-target': path.resolve(appDir, exposes['./App']) } : {},
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify('production'),
        __FEDERATION_NAME__: JSON.stringify(federationName),
      }),
      new ModuleFederationPlugin({
        name: federationName,
        ...(kind === 'remote'
          ? { filename: 'remoteEntry.js', exposes: { './App': path.join(toolingDir, 'server-expose.cjs') } }
          : { remotes: {} }),
        library: { type: 'commonjs-module', name: federationName },
        remoteType: 'script',
        // The host's React is the one: a remote's server container brings no copy of its own.
        shared:
          kind === 'remote'
            ? Object.fromEntries(
                Object.entries(shared).map(([key, config]) => [
                  key,
                  key.startsWith('react') && !key.startsWith('react-router') ? { ...config, import: false } : config,
                ]),
              )
            : shared,
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), ...runtimePlugins],
        dts: false,
        ...(kind === 'host' ? { experiments: { asyncStartup: true } } : {}),
      }),
      kind === 'remote' && new SsrEntryInManifest(),
    ].filter(Boolean),
  };
}

/**
 * A standalone app's own page in production (the door tool on its own origin): the same app as
 * a plain browser build, without the federation. Nobody shares anything with it, so the
 * federation runtime (30 KB gzip) and the share negotiation on a phone's main thread buy it
 * nothing. Written beside the remote's build, in the same release folder.
 */
export function createStandalonePageConfig(options, argv = {}) {
  const client = createConfig({ ...options, htmlPage: 'never' }, argv);
  return {
    ...client,
    name: 'standalone-page',
    // After the remote's build, which cleans the folder; the two never compete for the two cores.
    dependencies: ['client'],
    // No federation, so no async boundary: the page's styles are in its head from the start.
    entry: { page: './src/bootstrap.tsx' },
    output: { ...client.output, clean: false },
    optimization: { ...client.optimization, splitChunks: { chunks: 'all' } },
    plugins: [
      // Without the federation: nothing exposed, and the release's manifest is the remote build's.
      ...client.plugins.filter(
        (plugin) => !(plugin instanceof ModuleFederationPlugin) && !(plugin instanceof ExposeScriptsInManifest),
      ),
      appPage(options.appDir, options.title, 'page'),
    ],
  };
}

/**
 * The standalone page's server side (`dist/server/standalone.cjs`, exporting `render(url)`, from
 * `src/standalone-server.ts`): its origin sends the page rendered, and the browser hydrates it.
 * A plain Node bundle with its own React, like the page in the browser.
 */
export function createStandaloneServerConfig(options, argv = {}) {
  const base = nodeBundle(options, argv);
  return {
    ...base,
    name: 'standalone-server',
    dependencies: ['server'],
    entry: { standalone: './src/standalone-server.ts' },
    output: {
      ...base.output,
      filename: '[name].cjs',
      chunkFilename: 'standalone.[name].[contenthash:10].cjs',
      // The standalone page's asset URLs are root-relative (its HTML's publicPath).
      publicPath: '/',
      library: { type: 'commonjs2' },
      // The federation container of `server` shares the folder.
      clean: false,
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      // One file: nothing to resolve next to it at run time.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
}

/**
 * What an app's rspack.config.mjs exports: the browser build, plus in production the server
 * build (development stays one browser build with msw), and a standalone app's own page.
 */
export function createConfigs(options, argv = {}) {
  const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
  const client = createConfig(options, argv);
  if (mode !== 'production') return client;
  const server = createServerConfig(options, argv);
  return options.standalone
    ? [client, server, createStandalonePageConfig(options, argv), createStandaloneServerConfig(options, argv)]
    : [client, server];
}
