import http, { type ClientRequest, type Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { closeAll, jsonError, listen } from 'shared-node/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './app';
import { loadConfig } from './config';
import { createRegistrySource } from './registry';
import { fakeShellDist } from './testing';

const servers: Server[] = [];
const openRequests: ClientRequest[] = [];
let functionsUrl: string;

/** Realtime streams that never end (like a page left open), and one ordinary JSON function. */
beforeAll(async () => {
  const upstream = express();
  upstream.get('/functions/v1/realtime', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': open\n\n');
  });
  upstream.post('/functions/v1/echo', (_req, res) => void res.json({ ok: true }));
  const functions = await listen(upstream);
  servers.push(functions.server);
  functionsUrl = functions.url;
});

afterAll(async () => {
  for (const req of openRequests) req.destroy();
  await closeAll(servers);
});

async function startGateway(env: Record<string, string> = {}) {
  const config = loadConfig({
    SHELL_DIST: fakeShellDist(),
    FUNCTIONS_URL: functionsUrl,
    GATEWAY_REMOTES: '{}',
    GATEWAY_RATE_LIMIT: '10000',
    ...env,
  });
  const gateway = await listen(
    createGateway(config, createRegistrySource(config), pino({ level: 'silent' }), DEMO_SITE_CONFIG),
  );
  servers.push(gateway.server);
  return gateway;
}

/** Opens a stream from a client address (any 127.x.y.z is this machine); its status or 0 if none came. */
function openStream(port: number, clientAddress: string, waitMs = 20_000, cookie?: string) {
  return new Promise<{ status: number; body: string; req: ClientRequest }>((resolve) => {
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: '/functions/v1/realtime?registrationId=r1',
      localAddress: clientAddress,
      agent: false,
      ...(cookie ? { headers: { cookie } } : {}),
    });
    openRequests.push(req);
    const timer = setTimeout(() => resolve({ status: 0, body: '', req }), waitMs);
    req.on('error', () => undefined);
    req.on('response', (res) => {
      clearTimeout(timer);
      if (res.statusCode === 200) {
        res.resume();
        resolve({ status: 200, body: '', req });
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, req }));
    });
  });
}

const clientAddress = (n: number) => `127.0.${Math.floor(n / 250)}.${2 + (n % 250)}`;

describe('realtime streams', () => {
  it('keeps function calls answering at once while 300 streams are open', { timeout: 60_000 }, async () => {
    const gateway = await startGateway();
    // 50 clients with 6 streams each: more streams than a shared pool of 256 sockets holds.
    const streams = await Promise.all(
      Array.from({ length: 300 }, (_, i) => openStream(gateway.port, clientAddress(Math.floor(i / 6)))),
    );
    expect(streams.filter((s) => s.status === 200)).toHaveLength(300);

    // Before, the call waited for a socket that no stream would ever give back.
    const call = await fetch(`${gateway.url}/functions/v1/echo`, {
      method: 'POST',
      signal: AbortSignal.timeout(5_000),
    });
    expect(call.status).toBe(200);
    expect(await call.json()).toEqual({ ok: true });
    for (const stream of streams) stream.req.destroy();
  });

  it('refuses a client its 7th stream with a JSON 429, and frees the slot when one closes', async () => {
    const gateway = await startGateway();
    const client = '127.0.9.9';
    const mine = await Promise.all(Array.from({ length: 6 }, () => openStream(gateway.port, client)));
    expect(mine.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const seventh = await openStream(gateway.port, client, 3_000);
    expect(seventh.status).toBe(429);
    expect(JSON.parse(seventh.body)).toEqual({ error: 'Too many open event streams from this address' });
    // Another client is not affected.
    expect((await openStream(gateway.port, '127.0.9.10', 3_000)).status).toBe(200);

    mine[0]?.req.destroy();
    let again = 0;
    for (let attempt = 0; attempt < 40 && again !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = (await openStream(gateway.port, client, 3_000)).status;
    }
    expect(again).toBe(200);
  });

  it('gives each applicant behind one address their own share, up to the address’s ceiling', async () => {
    const gateway = await startGateway({ GATEWAY_STREAMS_PER_ADDRESS: '10' });
    const office = '127.0.9.20';
    const session = (n: number) => `signup_session=office-applicant-${String(n).padStart(3, '0')}-abcdefghijklmnop`;
    // Eight applicants' review pages, one stream each: more than one client's 6.
    const open = await Promise.all(
      Array.from({ length: 8 }, (_, n) => openStream(gateway.port, office, 20_000, session(n))),
    );
    expect(open.map((s) => s.status)).toEqual(Array(8).fill(200));
    // The office as a whole stops at its ceiling, whatever cookies it sends.
    const more = await Promise.all([8, 9, 10].map((n) => openStream(gateway.port, office, 3_000, session(n))));
    expect(more.map((s) => s.status)).toEqual([200, 200, 429]);
    for (const stream of [...open, ...more]) stream.req.destroy();
  });

  it('refuses streams past GATEWAY_MAX_STREAMS with a JSON 503 instead of queueing them', async () => {
    const gateway = await startGateway({ GATEWAY_MAX_STREAMS: '3' });
    const first = await Promise.all([1, 2, 3].map((n) => openStream(gateway.port, `127.0.8.${n}`)));
    expect(first.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await openStream(gateway.port, '127.0.8.4', 3_000);
    expect(fourth.status).toBe(503);
    expect(
      jsonError({ status: fourth.status, headers: { 'content-type': 'application/json' }, body: fourth.body }),
    ).toBe('Too many open event streams, please try again later');
  });
});
