import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTRACT_SUBSCRIPTION_DELAY_MS,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  type RealtimeHandlers,
  useRegistrationRealtime,
} from './realtime';

/** The part of EventSource the hook uses, driven by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  static opened = 0;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
    FakeEventSource.opened++;
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** What the browser does when it stops retrying (an HTTP error, a long outage). */
  giveUp() {
    this.readyState = 2;
    this.onerror?.();
  }
  emit(table: string) {
    this.onmessage?.({ data: JSON.stringify({ table, type: 'UPDATE', registrationId: 'r-1', record: {} }) });
  }
}

function Probe({ handlers }: { handlers: RealtimeHandlers }) {
  useRegistrationRealtime('r-1', handlers);
  return null;
}

describe('realtime stream of the review', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const handlers = () => ({ onPayment: vi.fn(), onContract: vi.fn(), onRegistration: vi.fn(), onReconnect: vi.fn() });

  it('follows payments at once and contracts after 500 ms', () => {
    const h = handlers();
    const { unmount } = render(<Probe handlers={h} />);
    const source = FakeEventSource.last as FakeEventSource;
    expect(source.url).toContain('/functions/v1/realtime?registrationId=r-1');
    act(() => {
      source.emit('payments');
      source.emit('contracts');
    });
    expect(h.onPayment).toHaveBeenCalledTimes(1);
    expect(h.onContract).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(CONTRACT_SUBSCRIPTION_DELAY_MS));
    // Subscribing reads the contract once, then every change counts.
    expect(h.onContract).toHaveBeenCalledTimes(1);
    act(() => source.emit('contract_submitters'));
    expect(h.onContract).toHaveBeenCalledTimes(2);
    act(() => source.emit('registrations'));
    expect(h.onRegistration).toHaveBeenCalledTimes(1);
    unmount();
    expect(source.closed).toBe(true);
  });

  it('refetches everything when a dropped connection comes back', () => {
    const h = handlers();
    render(<Probe handlers={h} />);
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.onopen?.());
    expect(h.onReconnect).not.toHaveBeenCalled();
    act(() => {
      source.onerror?.();
      source.onopen?.();
    });
    expect(h.onReconnect).toHaveBeenCalledTimes(1);
  });

  it('opens a new stream with back-off when the browser gave up, and refetches once it is back', () => {
    const h = handlers();
    const { unmount } = render(<Probe handlers={h} />);
    const first = FakeEventSource.last as FakeEventSource;
    const before = FakeEventSource.opened;
    act(() => first.giveUp());
    expect(first.closed).toBe(true);
    act(() => vi.advanceTimersByTime(RECONNECT_BASE_MS - 1));
    expect(FakeEventSource.opened).toBe(before);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toBe(before + 1);
    // Still down: the next try waits twice as long.
    act(() => FakeEventSource.last?.giveUp());
    act(() => vi.advanceTimersByTime(RECONNECT_BASE_MS * 2 - 1));
    expect(FakeEventSource.opened).toBe(before + 1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toBe(before + 2);
    act(() => FakeEventSource.last?.onopen?.());
    expect(h.onReconnect).toHaveBeenCalledTimes(1);
    const last = FakeEventSource.last as FakeEventSource;
    unmount();
    expect(last.closed).toBe(true);
    act(() => vi.advanceTimersByTime(RECONNECT_MAX_MS));
    expect(FakeEventSource.opened).toBe(before + 2);
  });

  it('ignores messages that are not change events, and keeps following the ones that are', () => {
    const h = handlers();
    render(<Probe handlers={h} />);
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.onmessage?.({ data: 'not json' }));
    act(() => source.onmessage?.({ data: '{"table":"users"}' }));
    act(() => source.onmessage?.({ data: '{"table":"payments"}' }));
    expect(h.onPayment).not.toHaveBeenCalled();
    expect(h.onRegistration).not.toHaveBeenCalled();
    // The stream is still followed: junk closed nothing and a real change arrives.
    expect(source.closed).toBe(false);
    act(() => source.emit('payments'));
    expect(h.onPayment).toHaveBeenCalledTimes(1);
  });
});
