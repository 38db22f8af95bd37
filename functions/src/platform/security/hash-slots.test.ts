import { describe, expect, it } from 'vitest';
import { createHashSlots, HashBusyError } from './hash-slots';

/** Work that finishes when the test says. */
function held() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { work: () => done, finish };
}

describe('hashing slots', () => {
  it('runs as many as there are slots, lines up a few sign-ins, and refuses the rest at once', async () => {
    const slots = createHashSlots(2, 1);
    const a = held();
    const b = held();
    const c = held();
    const running = [slots.run('sign-in', a.work), slots.run('sign-in', b.work)];
    const waiting = slots.run('sign-in', c.work);
    expect(slots.waiting()).toBe(1);
    const refused = slots.run('sign-in', async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(HashBusyError);
    await expect(refused).rejects.toMatchObject({ status: 429, retryAfterSeconds: 2 });
    a.finish();
    b.finish();
    c.finish();
    await Promise.all([...running, waiting]);
    expect(slots.waiting()).toBe(0);
    // Free again.
    await expect(slots.run('sign-in', async () => 'ok')).resolves.toBe('ok');
  });

  it('lets a signed-in user at the door go ahead of the sign-ins waiting, and never refuses them', async () => {
    const slots = createHashSlots(1, 1);
    const first = held();
    const order: string[] = [];
    const busy = slots.run('sign-in', first.work);
    const signIn = slots.run('sign-in', async () => void order.push('sign-in'));
    const pins = [1, 2, 3].map((n) => slots.run('signed-in', async () => void order.push(`pin ${n}`)));
    first.finish();
    await Promise.all([busy, signIn, ...pins]);
    expect(order).toEqual(['pin 1', 'pin 2', 'pin 3', 'sign-in']);
  });

  it('frees its slot when the work fails', async () => {
    const slots = createHashSlots(1, 0);
    await expect(slots.run('sign-in', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run('sign-in', async () => 'ok')).resolves.toBe('ok');
  });
});
