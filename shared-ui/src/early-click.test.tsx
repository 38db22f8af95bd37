import { act, render, screen } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beforeHydration, EARLY_CLICK_ATTRIBUTE, earlyClickCapture, useEarlyClick } from './early-click';

const captures: EventListenerOrEventListenerObject[] = [];

/** The capture, run as the browser runs the head's inline script. */
function runCapture() {
  const listen = vi.spyOn(document, 'addEventListener');
  new Function(earlyClickCapture('Un momento: se abrirá en cuanto la página esté lista.'))();
  for (const [, listener] of listen.mock.calls) if (listener) captures.push(listener);
  listen.mockRestore();
}

/** The page as the server sent it, with the capture running. */
function serverPage(html: string) {
  document.body.innerHTML = html;
  runCapture();
}

afterEach(() => {
  vi.useRealTimers();
  // This test's capture listens on the document the next test shares.
  for (const listener of captures.splice(0)) document.removeEventListener('click', listener, true);
  delete window.__claimEarlyClick;
  document.body.innerHTML = '';
});

describe('the inline capture, before the scripts', () => {
  it('keeps a tap on a marked button, shows it as pending and says so, until the button is claimed', () => {
    vi.useFakeTimers();
    serverPage(`<button ${EARLY_CLICK_ATTRIBUTE}=""><span>Reservar visita</span></button>`);
    const button = document.querySelector('button') as HTMLButtonElement;
    (button.firstElementChild as HTMLElement).click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    // Said a moment after the region appears, so screen readers take it as news.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    vi.advanceTimersByTime(100);
    expect(status.textContent).toBe('Un momento: se abrirá en cuanto la página esté lista.');
    expect(window.__claimEarlyClick?.(button)).toBe(true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('drops the kept tap at a later tap on a button React already has', () => {
    serverPage(
      `<button ${EARLY_CLICK_ATTRIBUTE}="" id="header">A</button><button ${EARLY_CLICK_ATTRIBUTE}="" id="hero">B</button>`,
    );
    const [header, hero] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
    window.__claimEarlyClick?.(header as Element);
    hero?.click();
    header?.click();
    expect(hero?.hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(window.__claimEarlyClick?.(hero as Element)).toBe(false);
  });

  it('drops the kept tap at a later tap on a link, not on plain text', () => {
    serverPage(`<button ${EARLY_CLICK_ATTRIBUTE}="">B</button><a href="#faq">FAQ</a><p>Texto</p>`);
    const button = document.querySelector('button') as HTMLButtonElement;
    button.click();
    document.querySelector('p')?.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    document.querySelector('a')?.click();
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(window.__claimEarlyClick?.(button)).toBe(false);
  });

  it('says it inside the open menu (a modal leaves it the only place heard) until React hydrates the page', () => {
    serverPage(`<dialog open aria-label="Menú"><button ${EARLY_CLICK_ATTRIBUTE}="">Reservar visita</button></dialog>`);
    const button = document.querySelector('button') as HTMLButtonElement;
    button.click();
    expect(screen.getByRole('status').parentElement?.tagName).toBe('DIALOG');
    // React would take a node it did not render for a mismatch: out of the menu before it hydrates,
    // and no longer put there.
    beforeHydration();
    expect(screen.getByRole('status').parentElement).toBe(document.body);
    button.click();
    expect(screen.getByRole('status').parentElement).toBe(document.body);
  });

  it('drops the tap with a button that goes without being claimed (its part failed, a navigation)', async () => {
    serverPage(`<main><button ${EARLY_CLICK_ATTRIBUTE}="">Saber más</button></main>`);
    const button = document.querySelector('button') as HTMLButtonElement;
    button.click();
    expect(screen.getByRole('status')).toBeTruthy();
    document.querySelector('main')?.replaceChildren('Esta sección no se ha podido cargar.');
    await Promise.resolve();
    expect(screen.queryByRole('status')).toBeNull();
    expect(window.__claimEarlyClick?.(button)).toBe(false);
  });

  it('cannot be broken out of by its message', () => {
    const capture = earlyClickCapture('</script><script>alert(1)</script>');
    expect(capture).not.toContain('</script>');
    expect(capture).toContain('"\\u003c/script>');
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

  it('ignores unmarked buttons', () => {
    serverPage('<button id="plain">+</button>');
    document.querySelector('button')?.click();
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

const OPEN_EVENT = 'test:open';

/** A button that asks for a dialog; `docked` wraps it, so React renders a new element. */
function Opener({ docked = false, ready = true }: { docked?: boolean; ready?: boolean }) {
  const earlyClick = useEarlyClick<HTMLButtonElement>(ready);
  const button = (
    <button {...earlyClick} type="button" onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))}>
      Reservar visita
    </button>
  );
  return docked ? <div>{button}</div> : button;
}

/** The dialog's host, after the button in the page: its listener is registered by its own effect. */
function Host() {
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    const open = () => setOpened((n) => n + 1);
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, []);
  return <output>{opened}</output>;
}

function Page({ docked = false, ready = true }: { docked?: boolean; ready?: boolean }) {
  return (
    <>
      <Opener docked={docked} ready={ready} />
      <Host />
    </>
  );
}

describe('useEarlyClick, once React has the button', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('replays a tap kept before hydration once (StrictMode too), after the commit’s effects, with focus on it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    runCapture();
    screen.getByRole('button', { name: 'Reservar visita' }).click();
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
      { container, hydrate: true },
    );
    const button = screen.getByRole('button', { name: 'Reservar visita' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    // Not during the commit: the host's listener, registered by its effect, would miss it.
    expect(screen.getByRole('status').textContent).toBe('0');
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByRole('status').textContent).toBe('1');
    expect(document.activeElement).toBe(button);
  });

  it('claims a button React renders anew (the chat launcher once docked): its taps are then React’s', () => {
    runCapture();
    const { rerender } = render(<Page />);
    rerender(<Page docked />);
    const button = screen.getByRole('button', { name: 'Reservar visita' });
    act(() => {
      button.click();
    });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('1');
  });

  it('leaves the button to the capture until its code is ready, then replays the tap kept meanwhile', () => {
    runCapture();
    const { rerender } = render(<Page ready={false} />);
    const button = screen.getByRole('button', { name: 'Reservar visita' });
    act(() => {
      button.click();
      vi.runAllTimers();
    });
    // Kept and said by the capture (its own status region beside the host's output).
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      '0',
      'Un momento: se abrirá en cuanto la página esté lista.',
    ]);
    rerender(<Page ready />);
    act(() => {
      vi.runAllTimers();
    });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('1');
  });

  it('does nothing without a kept tap, or without the capture (a page rendered by the browser)', () => {
    runCapture();
    render(<Page />);
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByRole('status').textContent).toBe('0');
    delete window.__claimEarlyClick;
    render(<Page />);
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['0', '0']);
  });
});
