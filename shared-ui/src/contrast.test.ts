import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text colour the apps use is a token, so WCAG AA (4.5:1 for body text) is checked here
 * once: each token used as `color:` in any app's stylesheet, against the surfaces text sits on.
 */
const root = path.resolve(import.meta.dirname, '../..');
const tokens = Object.fromEntries(
  [...readFileSync(path.join(root, 'shared-ui/tokens.css'), 'utf8').matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map(
    (m) => [m[1] as string, (m[2] as string).toLowerCase()],
  ),
);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

function stylesheets(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return stylesheets(full);
    return name.endsWith('.module.css') ? [full] : [];
  });
}

/** Text colours on light surfaces (white text, brand-contrast or surface, sits on dark fills). */
const ON_DARK = new Set(['color-brand-contrast', 'color-surface']);
/** Every front-end app, the ones added later included. */
const APPS = readdirSync(root).filter((name) => /^(shell|mfe-[a-z]+|shared-ui)$/.test(name));
const textTokens = new Set(
  APPS.flatMap((app) =>
    stylesheets(path.join(root, app)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?<![-\w])color:\s*var\(--([\w-]+)\)/g)]
        .map((m) => m[1] as string)
        .filter((token) => !ON_DARK.has(token)),
    ),
  ),
);

describe('text colour contrast (WCAG AA)', () => {
  it('finds the text colours the apps use, in every app', () => {
    expect(APPS).toEqual(expect.arrayContaining(['shell', 'mfe-backoffice', 'mfe-door', 'mfe-signup']));
    expect(textTokens.size).toBeGreaterThan(3);
    expect(textTokens).toContain('color-text');
  });

  it.each([...textTokens])('--%s is at least 4.5:1 on the surfaces', (token) => {
    const colour = tokens[token];
    expect(colour, `token --${token}`).toBeDefined();
    for (const surface of ['color-surface', 'color-surface-alt']) {
      expect(contrast(colour as string, tokens[surface] as string), `on --${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('button and field edges (WCAG 1.4.11, 3:1)', () => {
  const controls = readFileSync(path.join(root, 'shared-ui/src/controls.module.css'), 'utf8');
  const edgeTokens = new Set(
    [...controls.matchAll(/border(?:-color)?:[^;]*var\(--([\w-]+)\)/g)].map((m) => m[1] as string),
  );

  it('finds the edge colours', () => {
    expect(edgeTokens).toContain('color-brand');
  });

  // The accent button sits on the home page's dark brand hero, never on a light surface.
  const backgroundsOf = (token: string) =>
    token === 'color-accent' ? ['color-brand', 'color-brand-strong'] : ['color-surface', 'color-surface-alt'];

  it.each([...edgeTokens])('--%s is at least 3:1 on what it sits on', (token) => {
    const colour = tokens[token];
    expect(colour, `token --${token}`).toBeDefined();
    for (const surface of backgroundsOf(token)) {
      expect(contrast(colour as string, tokens[surface] as string), `on --${surface}`).toBeGreaterThanOrEqual(3);
    }
  });
});
