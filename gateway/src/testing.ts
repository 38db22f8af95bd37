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
