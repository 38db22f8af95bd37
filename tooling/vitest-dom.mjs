import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultExclude, defineProject } from 'vitest/config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SETUP = fileURLToPath(new URL('./vitest-setup-dom.ts', import.meta.url));

/**
 * The test files of a package (its folder at the root, named as its project) that replace a module
 * with `vi.mock`: a module cache shared with other files would hand them, or the next file, the
 * wrong one. Read from the files themselves, so a new mock is isolated without a word here.
 * @param {string} name
 * @returns {string[]} paths from the package's folder
 */
function filesMockingModules(name) {
  const src = path.join(ROOT, name, 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => readFileSync(path.join(src, file), 'utf8').includes('vi.mock('))
    .map((file) => path.join('src', file));
}

/** What every front-end test file runs in, alone or with others. */
const dom = {
  environment: 'happy-dom',
  environmentOptions: {
    happyDOM: {
      settings: {
        // (Style sheets and frames are not loaded by default.)
        disableJavaScriptFileLoading: true,
        navigation: {
          disableMainFrameNavigation: true,
          disableChildFrameNavigation: true,
          disableChildPageNavigation: true,
          // As in jsdom, `location` stays where it is, not only the page.
          disableFallbackToSetURL: true,
        },
      },
    },
  },
  globals: true,
  setupFiles: [SETUP],
};

/**
 * A front-end package's Vitest project: its components render in happy-dom, with Testing Library's
 * matchers and clean-up (vitest-setup-dom.ts).
 *
 * happy-dom rather than jsdom: a test file's DOM is set up in well under half the time (the 79
 * files of the apps, the shell and shared-ui, measured alone on 2 cores: environment set-up
 * 108 s -> 43 s, the run 89 s -> 56 s, CPU 143 s -> 87 s), with the same 552 tests passing.
 * It fetches nothing: no script, style sheet or frame a component adds is loaded (a test that needs
 * a script left on its way says so and runs in jsdom), and no navigation leaves the page.
 *
 * The files share one module cache and one page per worker (`isolate: false`): React, Testing
 * Library and the app are imported once per worker instead of once per file (these 79 files alone
 * on 2 cores: 55 s -> 35 s, CPU 90 s -> 55 s). What a file could leave to the next (stores, the
 * page, storage, the URL, the language, a fake clock) is put back before each file is imported
 * (vitest-setup-dom.ts). Files that mock a module run isolated, in `mockedModulesProject`: a
 * package's tests run alone (`npm test -w <package>`) leave them out.
 * @param {string} name the package's folder
 */
export function domProject(name) {
  return defineProject({
    test: {
      name,
      ...dom,
      isolate: false,
      exclude: [...defaultExclude, ...filesMockingModules(name)],
    },
    esbuild: { jsx: 'automatic' },
  });
}

/**
 * The front-end test files that mock a module (`filesMockingModules`), from every package named,
 * each with a module cache of its own, as before.
 * @param {string[]} names the packages' folders
 */
export function mockedModulesProject(names) {
  return defineProject({
    root: ROOT,
    test: {
      name: 'front-end files that mock modules',
      ...dom,
      isolate: true,
      include: names.flatMap((name) => filesMockingModules(name).map((file) => path.join(name, file))),
    },
    esbuild: { jsx: 'automatic' },
  });
}
