// @vitest-environment jsdom
// jsdom leaves a script it does not load on its way, as a slow network does: these tests are about
// Book a visit asked while the popup script is still arriving (happy-dom settles it at once).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSchedulingScript, openScheduling, POPUP_SCRIPT_WAIT_MS, VISIT_BOOKING_EVENT } from './scheduling';

describe('Book a visit', () => {
  afterEach(() => {
    delete window.Calendly;
    vi.restoreAllMocks();
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('only logs when the popup script is not loaded', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(openScheduling('https://calendly.com/demo')).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("opens the site's own booking without a scheduling page", () => {
    const asked = vi.fn();
    window.addEventListener(VISIT_BOOKING_EVENT, asked);
    expect(openScheduling('')).toBe(true);
    window.removeEventListener(VISIT_BOOKING_EVENT, asked);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('opens the popup with the configured page', () => {
    const initPopupWidget = vi.fn();
    window.Calendly = { initPopupWidget };
    expect(openScheduling('https://calendly.com/demo')).toBe(true);
    expect(initPopupWidget).toHaveBeenCalledWith({ url: 'https://calendly.com/demo' });
  });

  it('opens one popup when the script on its way arrives, however many taps came before', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadSchedulingScript('https://calendly.com/demo');
    expect(openScheduling('https://calendly.com/demo')).toBe(true);
    expect(openScheduling('https://calendly.com/demo')).toBe(true);
    const initPopupWidget = vi.fn();
    window.Calendly = { initPopupWidget };
    document.getElementById('scheduling-script')?.dispatchEvent(new Event('load'));
    expect(initPopupWidget).toHaveBeenCalledTimes(1);
    expect(initPopupWidget).toHaveBeenCalledWith({ url: 'https://calendly.com/demo' });
    expect(log).not.toHaveBeenCalled();
  });

  it('only logs when the script on its way fails, and when asked again after that', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadSchedulingScript('https://calendly.com/demo');
    expect(openScheduling('https://calendly.com/demo')).toBe(true);
    expect(log).not.toHaveBeenCalled();
    document.getElementById('scheduling-script')?.dispatchEvent(new Event('error'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(openScheduling('https://calendly.com/demo')).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('one popup when Book a visit is asked from two copies of this module (the shell and a remote)', async () => {
    loadSchedulingScript('https://calendly.com/demo');
    openScheduling('https://calendly.com/demo');
    vi.resetModules();
    const remoteCopy = await import('./scheduling');
    remoteCopy.openScheduling('https://calendly.com/demo');
    const initPopupWidget = vi.fn();
    window.Calendly = { initPopupWidget };
    document.getElementById('scheduling-script')?.dispatchEvent(new Event('load'));
    expect(initPopupWidget).toHaveBeenCalledTimes(1);
  });

  it('gives up on a script that stalls: it logs, and the popup does not open later, unasked', () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadSchedulingScript('https://calendly.com/demo');
    openScheduling('https://calendly.com/demo');
    vi.advanceTimersByTime(POPUP_SCRIPT_WAIT_MS);
    expect(log).toHaveBeenCalledTimes(1);
    const initPopupWidget = vi.fn();
    window.Calendly = { initPopupWidget };
    document.getElementById('scheduling-script')?.dispatchEvent(new Event('load'));
    expect(initPopupWidget).not.toHaveBeenCalled();
    // Once it has arrived, Book a visit opens it.
    expect(openScheduling('https://calendly.com/demo')).toBe(true);
    expect(initPopupWidget).toHaveBeenCalledTimes(1);
  });
});
