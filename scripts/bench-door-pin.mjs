// The PIN check at the door (#35): a signed-in door user's ENTRADA with the right PIN, one after
// another, against the functions service alone on an embedded database, at the PIN hash cost of
// today (scrypt 2^14) and at a password's (2^17) for comparison. `node scripts/bench-door-pin.mjs`
// alone, or part of `npm run bench`.
import { pathToFileURL } from 'node:url';
import { percentile, ROOT, startProcess, waitForHttp } from './lib.mjs';

const PORT = 28798;
const ADMIN = { usuario: 'admin', contraseña: 'bench-admin-pass-1', pin: '2468' };
const CHECKS = Number(process.env.BENCH_DOOR_CHECKS ?? 15);

async function door(body) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/functions/v1/abridor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  return { status: res.status, answer, ms: performance.now() - started };
}

/** The median and p99 of the PIN check at one PIN hash cost. */
async function measureAt(pinCost) {
  const service = startProcess('functions', process.execPath, ['--import', 'tsx', 'functions/src/server.ts'], {
    FUNCTIONS_PORT: String(PORT),
    PGLITE_DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    DOOR_ADMIN_PASSWORD: ADMIN.contraseña,
    DOOR_ADMIN_PIN: ADMIN.pin,
    DOOR_PIN_PEPPER: 'bench-pepper-0123456789abcdef0123456789abcdef',
    DOOR_PIN_HASH_COST_LOG2: String(pinCost),
  });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/healthz`, 90_000);
    const signedIn = await door({ action: 'login', usuario: ADMIN.usuario, contraseña: ADMIN.contraseña });
    if (signedIn.status !== 200) throw new Error(`door sign-in: HTTP ${signedIn.status}`);
    const token = signedIn.answer.token;
    const check = () => door({ action: 'door_action', token, pin: ADMIN.pin, door_action: 'ENTRADA' });
    for (let i = 0; i < 2; i += 1) await check();
    const times = [];
    for (let i = 0; i < CHECKS; i += 1) {
      const { answer, ms } = await check();
      if (!answer.success) throw new Error(`door_action refused: ${JSON.stringify(answer)}`);
      times.push(ms);
    }
    return { pinCost, p50: percentile(times, 50), p99: percentile(times, 99), checks: CHECKS };
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function measureDoorPin() {
  return [await measureAt(14), await measureAt(17)];
}

export function formatDoorPin(results) {
  return [
    `| PIN check at the door (ENTRADA, right PIN, ${results[0]?.checks} in a row) | p50 | p99 |`,
    '|---|---|---|',
    ...results.map(
      (r) =>
        `| scrypt 2^${r.pinCost}${r.pinCost === 14 ? ' (the PIN cost)' : ' (a password’s)'} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms |`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.chdir(ROOT);
  console.log(formatDoorPin(await measureDoorPin()));
}
