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
  doc.head.append(style, script);
}

/** Book a visit without a scheduling page configured: the site's own booking dialog opens (shell/src/visits). */
export const VISIT_BOOKING_EVENT = 'visit-booking:open';

/**
 * Book a visit: with a scheduling page configured, its popup; when that popup's script is not
 * loaded it only logs (spec §8). Without one, the site's own booking dialog.
 */
export function openScheduling(schedulingUrl: string): boolean {
  if (!schedulingUrl) {
    window.dispatchEvent(new CustomEvent(VISIT_BOOKING_EVENT));
    return true;
  }
  if (!window.Calendly) {
    console.error('[booking] the scheduling popup is not loaded; cannot open Book a visit');
    return false;
  }
  window.Calendly.initPopupWidget({ url: schedulingUrl });
  return true;
}

/**
 * Learn more: asks the voice-assistant widget to open. Without one configured (empty id) the
 * site assistant's chat opens instead (shell/src/chat).
 */
export const VOICE_ASSISTANT_EVENT = 'voice-assistant:open';

export function openVoiceAssistant(widgetId: string): void {
  window.dispatchEvent(new CustomEvent(VOICE_ASSISTANT_EVENT, { detail: { widgetId } }));
}
