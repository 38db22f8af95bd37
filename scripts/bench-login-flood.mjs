// The sign-in hash flood (#31): 10 addresses × 10 made-up-name sign-ins a second, while real
// members sign in; the real sign-ins' latency is the figure. The functions service alone, at the
// production hash cost (scrypt 2¹⁷), on an embedded database. `node scripts/bench-login-flood.mjs`
// alone, or part of `npm run bench`.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { percentile, ROOT, startProcess, waitForHttp } from './lib.mjs';

const PORT = 28797;
const MANAGER = { email: 'gerencia@bench.example', password: 'bench-manager-pass-1' };

async function login(url, ip, email, password, device) {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(device ? { cookie: `staff_device=${device}` } : {}),
    },
    body: JSON.stringify({ action: 'login', email, password }),
  });
  await res.arrayBuffer();
  const set = res.headers.getSetCookie().find((line) => line.startsWith('staff_device='));
  return { status: res.status, ms: performance.now() - started, device: set?.slice(13, set.indexOf(';')) };
}

export async function measureLoginFlood({ seconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 30) } = {}) {
  const service = startProcess('functions', process.execPath, ['--import', 'tsx', 'functions/src/server.ts'], {
    FUNCTIONS_PORT: String(PORT),
    PGLITE_DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    BACKOFFICE_MANAGER_EMAIL: MANAGER.email,
    BACKOFFICE_MANAGER_PASSWORD: MANAGER.password,
    DOOR_ADMIN_PASSWORD: 'bench-admin-pass-1',
    DOOR_ADMIN_PIN: '2468',
    DOOR_PIN_PEPPER: 'bench-pepper-0123456789abcdef0123456789abcdef',
  });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/healthz`, 90_000);
    const url = `http://127.0.0.1:${PORT}/functions/v1/backoffice`;
    let member = 0;
    // Every real sign-in from a new address: the worst case, nobody known. Half of them from a
    // browser that signed in before (its device cookie), as a member at their own desk.
    let device;
    const realLogin = (known) =>
      login(url, `203.0.113.${(member++ % 250) + 1}`, MANAGER.email, MANAGER.password, known ? device : undefined);
    // Quiet first: what a sign-in costs with nobody else hashing.
    const quiet = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await realLogin(false);
      quiet.push(answer.ms);
      device ??= answer.device;
    }

    const flood = { sent: 0, refused: 0, wrong: 0 };
    const pending = [];
    const real = [];
    const known = [];
    const until = performance.now() + seconds * 1000;
    const attackers = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);
    const tick = setInterval(() => {
      for (const ip of attackers) {
        flood.sent += 1;
        const name = `${randomBytes(6).toString('hex')}@example.com`;
        pending.push(
          login(url, ip, name, 'wrong-password').then(({ status }) => {
            if (status === 429) flood.refused += 1;
            else if (status === 401) flood.wrong += 1;
          }),
        );
      }
    }, 100);
    while (performance.now() < until) {
      real.push(await realLogin(false));
      known.push(await realLogin(true));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    clearInterval(tick);
    await Promise.allSettled(pending);
    if (process.env.BENCH_DEBUG) console.log(real.map((r) => `${r.status}:${r.ms.toFixed(0)}`).join(' '));
    const ok = real.filter((r) => r.status === 200).map((r) => r.ms);
    const knownOk = known.filter((r) => r.status === 200).map((r) => r.ms);
    return {
      seconds,
      quietP50: percentile(quiet, 50),
      realP50: percentile(ok, 50),
      realP99: percentile(ok, 99),
      realRefused: real.length - ok.length,
      realCount: real.length,
      knownP50: percentile(knownOk, 50),
      knownP99: percentile(knownOk, 99),
      knownRefused: known.length - knownOk.length,
      knownCount: known.length,
      flood,
    };
  } finally {
    service.kill('SIGTERM');
  }
}

export function formatLoginFlood(r) {
  return [
    `| sign-in hash flood (${r.seconds} s: 10 addresses × 10 made-up names/s) | figure |`,
    '|---|---|',
    `| a real sign-in, nobody else hashing (p50) | ${r.quietP50.toFixed(0)} ms |`,
    `| a real sign-in during the flood from a browser new to the site, p50 / p99 (${r.realCount} sign-ins, ${r.realRefused} refused) | ${r.realP50.toFixed(0)} ms / ${r.realP99.toFixed(0)} ms |`,
    `| a real sign-in during the flood from the member's own browser, p50 / p99 (${r.knownCount} sign-ins, ${r.knownRefused} refused) | ${r.knownP50.toFixed(0)} ms / ${r.knownP99.toFixed(0)} ms |`,
    `| flood: sent / refused before hashing (429) / hashed and wrong (401) | ${r.flood.sent} / ${r.flood.refused} / ${r.flood.wrong} |`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.chdir(ROOT);
  const result = await measureLoginFlood();
  console.log(formatLoginFlood(result));
}
