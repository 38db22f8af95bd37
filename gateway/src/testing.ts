// The gateway's own test fixture; the request helpers both services' tests use are in shared-node.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A shell build with its index page and one hashed script. */
export function fakeShellDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(dist, 'static', 'js'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'static', 'js', 'main.0123456789.js'), 'console.log(1);');
  return dist;
}

/**
 * A shell release whose renderer (dist/server/render.cjs) writes down what the gateway asked
 * for, and renders it, so the contract between the two is what is tested here.
 */
export function shellWithRenderer(renderer: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'shell-ssr-'));
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html lang="es"><head><title>t</title></head><body><div id="root"></div><script src="/x.js"></script></body></html>',
  );
  writeFileSync(path.join(dist, 'server', 'render.cjs'), renderer);
  // What the shell's build lists as the scripts it runs at start on every page.
  writeFileSync(path.join(dist, 'start-scripts.json'), JSON.stringify(['static/js/bootstrap.1234567890.js']));
  // Its styles, one of them twice (a shared module's styles in two chunks: same content hash).
  mkdirSync(path.join(dist, 'static', 'css'), { recursive: true });
  for (const file of ['707.aaaaaaaaaa.css', '432.bbbbbbbbbb.css', '51.bbbbbbbbbb.css']) {
    writeFileSync(path.join(dist, 'static', 'css', file), '.toast{}');
  }
  return dist;
}
