import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_SUBSCRIPTION_DELAY_MS, type RealtimeHandlers, useRegistrationRealtime } from './realtime';

/** The part of EventSource the hook uses, driven by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
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

  it('ignores messages that are not change events', () => {
    const h = handlers();
    render(<Probe handlers={h} />);
    act(() => FakeEventSource.last?.onmessage?.({ data: 'not json' }));
    act(() => FakeEventSource.last?.onmessage?.({ data: '{"table":"users"}' }));
    expect(h.onPayment).not.toHaveBeenCalled();
  });
});
