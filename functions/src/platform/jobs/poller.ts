import type { Logger } from 'pino';

export interface Poller {
  /** Runs now; a call during a run makes that run go round once more, and waits for it. */
  runNow(): Promise<number>;
  /** Something to do arrived: run now, if started. */
  wake(): void;
  start(): void;
  /** Stops polling and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * One background worker of the service (the outbox's delivery, the job queue): `work` runs one
 * at a time, now, every `pollMs` while started, and at once when woken; a failed run is logged
 * and the next poll tries again.
 */
export function createPoller(
  work: () => Promise<number>,
  { pollMs, log, what }: { pollMs: number; log: Logger; what: string },
): Poller {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let started = false;

  function runNow(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let done = 0;
      do {
        again = false;
        done += await work().catch((error: unknown) => {
          log.error({ err: error }, `${what} run failed`);
          return 0;
        });
      } while (again);
      return done;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function poll() {
    if (!started) return;
    timer = setTimeout(() => {
      void runNow().finally(poll);
    }, pollMs);
    timer.unref?.();
  }

  return {
    runNow,
    wake() {
      if (started) void runNow();
    },
    start() {
      if (started) return;
      started = true;
      void runNow();
      poll();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}
