import type { Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { closeAll, jsonError, listen, send } from 'shared-node/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './app';
import { loadConfig } from './config';
import { createRegistrySource } from './registry';
import { fakeShellDist } from './testing';

const servers: Server[] = [];
let functionsUrl: string;

/** A functions service that says which client address the gateway told it. */
beforeAll(async () => {
  const upstream = express();
  // A function that needs a session the caller does not have (a made-up cookie).
  upstream.post('/functions/v1/needs-session', (_req, res) => void res.status(401).json({ error: 'no session' }));
  upstream.post('/functions/v1/whoami', (req, res) => {
    res.json({ forwardedFor: req.headers['x-forwarded-for'] ?? null, forwarded: req.headers.forwarded ?? null });
  });
  const functions = await listen(upstream);
  servers.push(functions.server);
  functionsUrl = functions.url;
});

afterAll(() => closeAll(servers));

async function startGateway(env: Record<string, string> = {}) {
  const config = loadConfig({
    SHELL_DIST: fakeShellDist(),
    FUNCTIONS_URL: functionsUrl,
    GATEWAY_REMOTES: '{}',
    GATEWAY_RATE_LIMIT: '5',
    ...env,
  });
  const gateway = await listen(
    createGateway(config, createRegistrySource(config), pino({ level: 'silent' }), DEMO_SITE_CONFIG),
  );
  servers.push(gateway.server);
  return gateway.url;
}

const randomAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

async function whoami(gateway: string, from: string, headers: Record<string, string> = {}) {
  const answer = await send(gateway, { method: 'POST', path: '/functions/v1/whoami', localAddress: from, headers });
  return { status: answer.status, body: answer.status === 200 ? JSON.parse(answer.body) : jsonError(answer) };
}

describe('the gateway as the edge (no GATEWAY_TRUST_PROXY)', () => {
  it('tells the functions service the address the client connected from, not the one it claims', async () => {
    const gateway = await startGateway();
    const answer = await whoami(gateway, '127.0.5.5', {
      'x-forwarded-for': '203.0.113.50, 198.51.100.2',
      forwarded: 'for=203.0.113.50',
    });
    expect(answer).toEqual({ status: 200, body: { forwardedFor: '127.0.5.5', forwarded: null } });
  });

  it('rate-limits a client whatever X-Forwarded-For it sends with each call', async () => {
    const gateway = await startGateway();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await whoami(gateway, '127.0.6.6', { 'x-forwarded-for': randomAddress() })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Another client still has its own allowance.
    expect((await whoami(gateway, '127.0.6.7')).status).toBe(200);
  });
});

describe('an office behind one address (#31, 12)', () => {
  const secret = (n: number) => `session-secret-${String(n).padStart(4, '0')}-abcdefghijklmnopqrstuv`;

  it('counts each browser with a session on its own, the address as a whole only against its ceiling', async () => {
    const gateway = await startGateway({ GATEWAY_RATE_LIMIT: '3', GATEWAY_ADDRESS_RATE_LIMIT: '20' });
    const office = '127.0.9.9';
    // Five applicants behind the office's address, three calls each: nobody is refused.
    for (let applicant = 1; applicant <= 5; applicant++) {
      for (let call = 0; call < 3; call++) {
        const cookie =
          applicant % 2 ? `signup_session=${secret(applicant)}` : `__Host-signup_session=${secret(applicant)}`;
        expect((await whoami(gateway, office, { cookie })).status, `applicant ${applicant}`).toBe(200);
      }
    }
    // One of them, a fourth time: their own share is spent.
    expect((await whoami(gateway, office, { cookie: `signup_session=${secret(1)}` })).status).toBe(429);
    // Without a session, the address is the caller (three calls), and made-up cookies stop at the ceiling.
    const anonymous: number[] = [];
    for (let i = 0; i < 4; i++) anonymous.push((await whoami(gateway, '127.0.9.10')).status);
    expect(anonymous).toEqual([200, 200, 200, 429]);
    const forged: number[] = [];
    for (let i = 0; i < 8; i++) {
      forged.push((await whoami(gateway, office, { cookie: `staff_session=${secret(100 + i)}` })).status);
    }
    // 15 + 1 calls so far from the office: 4 more, then its ceiling of 20.
    expect(forged).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    // Rotating made-up cookies on calls that need a session: their 401s count per address.
    const rotating = await startGateway({ GATEWAY_RATE_LIMIT: '3', GATEWAY_ADDRESS_RATE_LIMIT: '1000' });
    const refused: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await send(rotating, {
        method: 'POST',
        path: '/functions/v1/needs-session',
        localAddress: '127.0.9.12',
        headers: { cookie: `signup_session=${secret(200 + i)}` },
      });
      refused.push(answer.status);
    }
    expect(refused).toEqual([401, 401, 401, 429, 429]);
    // A cookie that is no session secret keys nothing: the caller is the address.
    const odd = await startGateway({ GATEWAY_RATE_LIMIT: '1' });
    expect((await whoami(odd, '127.0.9.11', { cookie: 'signup_session=short' })).status).toBe(200);
    expect((await whoami(odd, '127.0.9.11', { cookie: 'signup_session=other' })).status).toBe(429);
  });
});

describe('behind a configured load balancer (GATEWAY_TRUST_PROXY)', () => {
  const balancer = '127.0.7.1';

  it('takes the client address from the load balancer only, and forwards exactly that one', async () => {
    const gateway = await startGateway({ GATEWAY_TRUST_PROXY: balancer });
    const viaBalancer = await whoami(gateway, balancer, { 'x-forwarded-for': '10.6.6.6, 203.0.113.9' });
    expect(viaBalancer.body).toEqual({ forwardedFor: '203.0.113.9', forwarded: null });
    const direct = await whoami(gateway, '127.0.7.2', { 'x-forwarded-for': '203.0.113.9' });
    expect(direct.body).toEqual({ forwardedFor: '127.0.7.2', forwarded: null });
  });

  it('rate-limits each client behind the load balancer on its own', async () => {
    const gateway = await startGateway({ GATEWAY_TRUST_PROXY: balancer });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await whoami(gateway, balancer, { 'x-forwarded-for': '203.0.113.10' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await whoami(gateway, balancer, { 'x-forwarded-for': '203.0.113.11' })).status).toBe(200);
  });

  it('accepts addresses, CIDR ranges, names and a hop count, and refuses anything else at start-up', () => {
    expect(loadConfig({}).GATEWAY_TRUST_PROXY).toBe(false);
    expect(loadConfig({ GATEWAY_TRUST_PROXY: '1' }).GATEWAY_TRUST_PROXY).toBe(1);
    expect(loadConfig({ GATEWAY_TRUST_PROXY: '10.0.0.0/8, loopback, fd00::/8' }).GATEWAY_TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ GATEWAY_TRUST_PROXY: 'true' })).toThrow(/GATEWAY_TRUST_PROXY/);
    expect(() => loadConfig({ GATEWAY_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an address/);
  });
});
