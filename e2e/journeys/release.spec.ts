import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_LEFTOVERS_FILE, E2E_MANAGER, E2E_PORTS, E2E_REGISTRY_FILE } from '../ports';
import { expect, test } from './test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The new release's own origin (a CDN folder in production). */
const RELEASE_PORT = E2E_PORTS.remoteBase + 40;

/** Serves a folder as a remote's origin (tooling/serve-static.mjs), kept running until teardown. */
async function serveRelease(folder: string, port = RELEASE_PORT): Promise<string> {
  const child = spawn(process.execPath, [path.join(ROOT, 'tooling/serve-static.mjs'), folder, String(port)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  appendFileSync(E2E_LEFTOVERS_FILE, `${child.pid}\n`);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`release origin exited with ${code}: ${output}`)));
    child.unref();
  });
}

test.describe('releasing one remote (README: Releasing one remote)', () => {
  test('the back-office, uploaded to a new folder and named in the registry, is what the next page load uses; nothing else rebuilt or restarted', async ({
    page,
    request,
  }) => {
    // 1–2. Its build, "uploaded" to a versioned folder on another origin.
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'release-')), 'backoffice', '2026-11-24');
    cpSync(path.join(ROOT, 'mfe-backoffice', 'dist'), folder, { recursive: true });
    // Something only this release has: proof that the gateway now reaches this folder.
    writeFileSync(path.join(folder, 'release.txt'), '2026-11-24');
    const origin = await serveRelease(folder);
    // 3. One edit of the registry file; the gateway re-reads it, no restart.
    const registry = JSON.parse(readFileSync(E2E_REGISTRY_FILE, 'utf8')) as Record<string, unknown>;
    writeFileSync(E2E_REGISTRY_FILE, JSON.stringify({ ...registry, backoffice: { origin } }, null, 2));
    await expect.poll(async () => (await request.get('/remotes/backoffice/release.txt')).status()).toBe(200);
    expect(await (await request.get('/remotes/backoffice/release.txt')).text()).toBe('2026-11-24');

    const fromRelease: string[] = [];
    page.on('requestfinished', (req) => {
      if (new URL(req.url()).pathname.startsWith('/remotes/backoffice/')) fromRelease.push(req.url());
    });
    await page.goto('/gestion');
    await page.getByLabel('Correo electrónico').fill(E2E_MANAGER.email);
    await page.getByLabel('Contraseña').fill(E2E_MANAGER.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
    expect(fromRelease.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
    expect(fromRelease.some((url) => /\.js$/.test(url))).toBe(true);
    // The other remotes still come from where they were.
    await page.goto('/es');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("the tenant's account, released the same way, is server-rendered and run from its new folder", async ({
    page,
    request,
  }) => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'release-')), 'account', '2026-11-27');
    cpSync(path.join(ROOT, 'mfe-account', 'dist'), folder, { recursive: true });
    writeFileSync(path.join(folder, 'release.txt'), '2026-11-27');
    const origin = await serveRelease(folder, RELEASE_PORT + 1);
    const registry = JSON.parse(readFileSync(E2E_REGISTRY_FILE, 'utf8')) as Record<string, unknown>;
    writeFileSync(E2E_REGISTRY_FILE, JSON.stringify({ ...registry, account: { origin } }, null, 2));
    await expect.poll(async () => (await request.get('/remotes/account/release.txt')).status()).toBe(200);

    // The HTML carries the account's page, server-rendered as before. The very first render after
    // the release also loads the new server container: on a slow machine that can outrun the
    // remote's 300 ms budget, and that visitor gets the page rendered in the browser (a fallback
    // is never kept), so the next one is asked for.
    await expect
      .poll(async () => (await request.get('/es/mi-cuenta')).text(), { timeout: 15_000 })
      .toMatch(/<h1[^>]*>Mi cuenta<\/h1>/);
    const fromRelease: string[] = [];
    page.on('requestfinished', (req) => {
      if (new URL(req.url()).pathname.startsWith('/remotes/account/')) fromRelease.push(req.url());
    });
    await page.goto('/es/mi-cuenta');
    await expect(page.getByLabel('Correo electrónico o móvil')).toBeVisible();
    expect(fromRelease.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
  });
});
