import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { startThrowawayCluster, type ThrowawayCluster } from '../../testing/postgres-cluster';
import { type ServedFunctions, serveFunctions } from '../../testing/service';
import type { Database } from '.';
import { migrate } from './migrate';
import { openPostgres } from './postgres';
import { sql } from './sql';

/** Reads a Server-Sent Events response as text, until a pattern shows or the stream ends. */
function streamReader(res: Response) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  return {
    get text() {
      return text;
    },
    async until(pattern: RegExp | 'end', ms = 10_000) {
      let timedOut = false;
      const deadline = setTimeout(() => {
        timedOut = true;
        void reader.cancel();
      }, ms);
      try {
        while (!ended && (pattern === 'end' || !pattern.test(text))) {
          const { value, done } = await reader.read();
          if (done) ended = true;
          else text += decoder.decode(value);
        }
      } finally {
        clearTimeout(deadline);
      }
      // Cancelled at the deadline, a stream reads as ended: that is not the server ending it.
      return { ended: ended && !timedOut, text };
    },
  };
}

/**
 * PostgreSQL restarted under a running service (a cluster of this test's own, shut down "fast" as
 * a restart does): calls answer a JSON 503 with Retry-After while it is away and work again after,
 * without restarting the service; an open change stream ends (it may have missed a change) and a
 * new one receives the changes again.
 */
describe('a PostgreSQL restart under the service', () => {
  let cluster: ThrowawayCluster | null = null;
  let db: Database;
  let service: ServedFunctions;
  beforeAll(async () => {
    const started = await startThrowawayCluster();
    if ('skipped' in started) return;
    cluster = started;
    db = await openPostgres(cluster.url);
    await migrate(db);
    service = await serveFunctions(db);
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await db?.close();
    cluster?.stop();
  });

  it('answers 503 while the database is away, then serves again; open streams end and new ones follow the changes', async (context) => {
    if (!cluster) return context.skip();
    const browser = cookieJar();
    const call = (body: Record<string, unknown>, from = browser) =>
      from.fetch(service.url('registration-handler'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await call({ action: 'create_registration', ...TEST_APPLICANT });
    expect(created.status).toBe(200);
    const { registrationId } = (await created.json()) as { registrationId: string };
    const stream = streamReader(await browser.fetch(service.url(`realtime?registrationId=${registrationId}`)));
    await stream.until(/: connected/);

    cluster.pause();
    // The stream ends by itself: changes made while it could not listen would be lost to it.
    expect((await stream.until('end')).ended).toBe(true);
    const other = cookieJar();
    const away = await call({ action: 'create_registration', ...TEST_APPLICANT, email: 'luis@example.com' }, other);
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(await away.json()).toEqual({ error: 'Service briefly unavailable: try again in a moment' });
    expect((await fetch(`${service.base}/healthz`)).status).toBe(503);
    // A stream asked for meanwhile is refused the same way; the browser tries again later.
    expect((await browser.fetch(service.url(`realtime?registrationId=${registrationId}`))).status).toBe(503);

    cluster.resume();
    const back = await call({ action: 'create_registration', ...TEST_APPLICANT, email: 'luis@example.com' }, other);
    expect(back.status).toBe(200);
    expect((await fetch(`${service.base}/healthz`)).status).toBe(200);
    const again = streamReader(await browser.fetch(service.url(`realtime?registrationId=${registrationId}`)));
    await again.until(/: connected/);
    await db.query(sql`update registrations set global_status = global_status where id = ${registrationId}`);
    expect((await again.until(/"table":"registrations"/)).text).toContain(`"registrationId":"${registrationId}"`);
  }, 60_000);
});
