import { SCHEDULING_ASSETS_ORIGIN } from 'shared-api/scheduling';

interface SchedulingWidget {
  initPopupWidget(options: { url: string }): void;
}

declare global {
  interface Window {
    Calendly?: SchedulingWidget;
  }
}

/** Loads the scheduling popup's script once, only when a scheduling page is configured. */
export function loadSchedulingScript(schedulingUrl: string, doc: Document = document): void {
  if (!schedulingUrl || doc.getElementById('scheduling-script')) return;
  const style = doc.createElement('link');
  style.rel = 'stylesheet';
  style.href = `${SCHEDULING_ASSETS_ORIGIN}/assets/external/widget.css`;
  const script = doc.createElement('script');
  script.id = 'scheduling-script';
  script.src = `${SCHEDULING_ASSETS_ORIGIN}/assets/external/widget.js`;
  script.async = true;
  // Settled, loaded or not: a Book a visit asked while it was on its way knows whether to wait.
  const settle = () => {
    script.dataset.settled = '';
  };
  script.addEventListener('load', settle, { once: true });
  script.addEventListener('error', settle, { once: true });
  doc.head.append(style, script);
}

/**
 * How long Book a visit waits for a popup script on its way before it counts as not loaded.
 * Longer, and the popup could open long after the visitor has moved on.
 */
export const POPUP_SCRIPT_WAIT_MS = 5000;

/**
 * Where Book a visit leads without scripts (it is a link): the scheduling page itself when one is
 * configured, else the functions service's booking page, a form that books without scripts.
 * With them, a plain click stays on the page and opens the popup or the site's dialog instead.
 */
export function bookingHref(schedulingUrl: string, language: 'es' | 'en'): string {
  return schedulingUrl || `/functions/v1/visit-booking?lang=${language}`;
}

/** A plain click (no new tab or window asked for): the page may handle it in place of the link. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Book a visit without a scheduling page configured: the site's own booking dialog opens (shell/src/visits). */
export const VISIT_BOOKING_EVENT = 'visit-booking:open';

/**
 * Book a visit: with a scheduling page configured, its popup; when that popup's script is not
 * loaded (failed, blocked, never added, or still not there after POPUP_SCRIPT_WAIT_MS) it only
 * logs (spec §8); while it is on its way, the popup opens when it arrives. Without one, the
 * site's own booking dialog.
 */
export function openScheduling(schedulingUrl: string): boolean {
  if (!schedulingUrl) {
    window.dispatchEvent(new CustomEvent(VISIT_BOOKING_EVENT));
    return true;
  }
  if (window.Calendly) {
    window.Calendly.initPopupWidget({ url: schedulingUrl });
    return true;
  }
  // A tap kept before the scripts is replayed as soon as the page is React's, often before the
  // popup's script (loaded then) has arrived: it opens when the script does. One popup for any
  // number of taps, from any copy of this module (the shell's and each remote's): the wait is
  // marked on the script itself.
  const script = document.getElementById('scheduling-script');
  if (script && !('settled' in script.dataset)) {
    if (!('awaited' in script.dataset)) {
      script.dataset.awaited = '';
      const stopWaiting = () => {
        clearTimeout(stalled);
        script.removeEventListener('load', arrived);
        script.removeEventListener('error', arrived);
        delete script.dataset.awaited;
      };
      const arrived = () => {
        stopWaiting();
        openScheduling(schedulingUrl);
      };
      const stalled = setTimeout(() => {
        stopWaiting();
        console.error('[booking] the scheduling popup did not load in time; cannot open Book a visit');
      }, POPUP_SCRIPT_WAIT_MS);
      script.addEventListener('load', arrived);
      script.addEventListener('error', arrived);
    }
    return true;
  }
  console.error('[booking] the scheduling popup is not loaded; cannot open Book a visit');
  return false;
}

/**
 * Learn more: asks the voice-assistant widget to open. Without one configured (empty id) the
 * site assistant's chat opens instead (shell/src/chat).
 */
export const VOICE_ASSISTANT_EVENT = 'voice-assistant:open';

export function openVoiceAssistant(widgetId: string): void {
  window.dispatchEvent(new CustomEvent(VOICE_ASSISTANT_EVENT, { detail: { widgetId } }));
}
