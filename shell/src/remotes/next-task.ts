/**
 * Ends the current task so the browser may paint or answer input before the next step.
 * Starting the federation runs a long chain of promises (share negotiation, container
 * initialisation, module evaluation); without a break it is one task of 100+ ms on a mid-range
 * phone. On the server (no document) there is nothing to yield to.
 */
export function nextTask(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
