import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScheduling } from './scheduling';

describe('Book a visit', () => {
  afterEach(() => {
    delete window.Calendly;
    vi.restoreAllMocks();
  });

  it('only logs when the popup script is not loaded', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(openScheduling('https://calendly.com/demo')).toBe(false);
    expect(openScheduling('')).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('opens the popup with the configured page', () => {
    const initPopupWidget = vi.fn();
    window.Calendly = { initPopupWidget };
    expect(openScheduling('https://calendly.com/demo')).toBe(true);
    expect(initPopupWidget).toHaveBeenCalledWith({ url: 'https://calendly.com/demo' });
  });
});
