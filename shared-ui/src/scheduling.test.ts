import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScheduling, VISIT_BOOKING_EVENT } from './scheduling';

describe('Book a visit', () => {
  afterEach(() => {
    delete window.Calendly;
    vi.restoreAllMocks();
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
});
