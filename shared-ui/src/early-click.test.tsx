import { act, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CLICK_ATTRIBUTE, EARLY_CLICK_CAPTURE, useEarlyClick } from './early-click';

const captures: EventListenerOrEventListenerObject[] = [];

/** The page as the server sent it, with the capture run as the browser runs the inline script. */
function serverPage(html: string) {
  document.body.innerHTML = html;
  const listen = vi.spyOn(document, 'addEventListener');
  new Function(EARLY_CLICK_CAPTURE)();
  for (const [, listener] of listen.mock.calls) if (listener) captures.push(listener);
  listen.mockRestore();
}

function Opener({ label, onOpen }: { label: string; onOpen: () => void }) {
  const earlyClick = useEarlyClick<HTMLButtonElement>();
  return (
    <button {...earlyClick} type="button" onClick={onOpen}>
      {label}
    </button>
  );
}

function Counter() {
  const [opened, setOpened] = useState(0);
  return (
    <>
      <Opener label="Reservar visita" onOpen={() => setOpened((n) => n + 1)} />
      <output>{opened}</output>
    </>
  );
}

describe('the inline capture, before the scripts', () => {
  afterEach(() => {
    // This test's capture listens on the document the next test shares.
    for (const listener of captures.splice(0)) document.removeEventListener('click', listener, true);
    delete window.__claimEarlyClick;
    document.body.innerHTML = '';
  });

  it('keeps a tap on a marked button and shows it as pending', () => {
    serverPage(`<button ${EARLY_CLICK_ATTRIBUTE}=""><span>Reservar visita</span></button>`);
    const button = document.querySelector('button') as HTMLButtonElement;
    (button.firstElementChild as HTMLElement).click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(window.__claimEarlyClick?.(button)).toBe(true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });

  it('keeps only the last tap: the first button is no longer pending', () => {
    serverPage(
      `<button ${EARLY_CLICK_ATTRIBUTE}="" id="a">A</button><button ${EARLY_CLICK_ATTRIBUTE}="" id="b">B</button>`,
    );
    const [first, second] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
    first?.click();
    second?.click();
    expect(first?.hasAttribute('aria-busy')).toBe(false);
    expect(window.__claimEarlyClick?.(first as Element)).toBe(false);
    expect(window.__claimEarlyClick?.(second as Element)).toBe(true);
  });

  it('ignores unmarked and disabled buttons', () => {
    serverPage(`<button id="plain">+</button><button ${EARLY_CLICK_ATTRIBUTE}="" disabled>X</button>`);
    for (const button of document.querySelectorAll('button')) button.click();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('keeps the tap from the page’s other listeners (React would drop it or answer it twice)', () => {
    serverPage(`<div id="root"><button ${EARLY_CLICK_ATTRIBUTE}="">A</button></div>`);
    const reactRoot = vi.fn();
    document.getElementById('root')?.addEventListener('click', reactRoot);
    document.querySelector('button')?.click();
    expect(reactRoot).not.toHaveBeenCalled();
  });

  it('leaves a claimed button to React, and still keeps taps on the buttons not yet claimed', () => {
    serverPage(
      `<div id="root"><button ${EARLY_CLICK_ATTRIBUTE}="" id="header">A</button><button ${EARLY_CLICK_ATTRIBUTE}="" id="hero">B</button></div>`,
    );
    const reactRoot = vi.fn();
    document.getElementById('root')?.addEventListener('click', reactRoot);
    const [header, hero] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
    // The shell's header is React's; the home page's code has not arrived yet.
    expect(window.__claimEarlyClick?.(header as Element)).toBe(false);
    header?.click();
    expect(header?.hasAttribute('aria-busy')).toBe(false);
    expect(reactRoot).toHaveBeenCalledTimes(1);
    hero?.click();
    expect(hero?.getAttribute('aria-busy')).toBe('true');
    expect(reactRoot).toHaveBeenCalledTimes(1);
    expect(window.__claimEarlyClick?.(hero as Element)).toBe(true);
    // Its replay, and every tap after it, go to React.
    hero?.click();
    expect(reactRoot).toHaveBeenCalledTimes(2);
    expect(window.__claimEarlyClick?.(hero as Element)).toBe(false);
  });
});

describe('useEarlyClick, once React has the button', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    delete window.__claimEarlyClick;
  });

  it('replays the kept tap once, with focus on the button, after the commit’s effects', () => {
    // As the capture does: a kept tap is claimed once (StrictMode runs the effect twice).
    let kept = true;
    window.__claimEarlyClick = (button) => {
      const mine = kept && button.textContent === 'Reservar visita';
      if (mine) kept = false;
      return mine;
    };
    render(
      <StrictMode>
        <Counter />
      </StrictMode>,
    );
    const button = screen.getByRole('button', { name: 'Reservar visita' });
    expect(button.hasAttribute(EARLY_CLICK_ATTRIBUTE)).toBe(true);
    // Not in the effect itself: a dialog's listener registered later in the same commit would miss it.
    expect(screen.getByRole('status').textContent).toBe('0');
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByRole('status').textContent).toBe('1');
    expect(document.activeElement).toBe(button);
  });

  it('does nothing without a kept tap (or without the capture: a page rendered by the browser)', () => {
    render(<Counter />);
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByRole('status').textContent).toBe('0');
  });
});
