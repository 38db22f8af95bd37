// The one shared-config module of every federated app: what is shared, as singletons,
// with the version ranges the apps were built against.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Package whose version pins each shared import (subpaths share their package's version). */
const SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  // Only the router exports the apps use (shared-router), not react-router-dom whole.
  'shared-router': 'shared-router',
  i18next: 'i18next',
  zustand: 'zustand',
  'shared-i18n': 'shared-i18n',
  // One toast queue for the page: remotes raise, the shell renders.
  'shared-ui/toast': 'shared-ui',
  // The site configuration the shell loaded, read by every remote.
  'shared-ui/site': 'shared-ui',
};

/** Reads the installed version from the package's own folder (some packages do not export package.json). */
function installedVersion(pkg) {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    try {
      return JSON.parse(readFileSync(path.join(dir, pkg, 'package.json'), 'utf8')).version;
    } catch {
      // not in this node_modules folder: try the next one up
    }
  }
  throw new Error(`Cannot find the installed version of ${pkg}`);
}

/**
 * `requiredVersion` comes from the app's own package.json range, so a remote built
 * against an incompatible major is refused instead of silently mixed.
 */
export function sharedDependencies(appPackageJson) {
  const ranges = { ...appPackageJson.dependencies };
  return Object.fromEntries(
    Object.entries(SINGLETONS).map(([shareKey, pkg]) => [
      shareKey,
      {
        singleton: true,
        requiredVersion: ranges[pkg] ?? `^${installedVersion(pkg)}`,
        version: installedVersion(pkg),
      },
    ]),
  );
}
