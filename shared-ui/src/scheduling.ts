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

/** Book a visit: opens the popup; when its script is not loaded it only logs (spec §8). */
export function openScheduling(schedulingUrl: string): boolean {
  if (!schedulingUrl || !window.Calendly) {
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
