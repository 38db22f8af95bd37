import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Epoch ms: a toast older than the page it was raised for is stale after a navigation. */
  createdAt: number;
  /**
   * Said as the page sends the visitor on (the Finish confirmation): it is for the next page, so
   * the navigation that follows keeps it, however long that page takes to load. Only that one:
   * any navigation ends the flag, also one that stays on the same page (a new query).
   */
  followsNavigation?: boolean;
  /**
   * What the toast is the outcome of ("waitlist-send"): a newer outcome of the same action
   * replaces it, so a success never stands beside the error of the attempt before it.
   */
  topic?: string;
}

export const TOAST_DURATION_MS = 6_000;
/** On a phone three toasts already hide half the screen: the oldest give way. */
export const MAX_TOASTS = 2;
/**
 * A navigation dismisses what was said before it; what a page says as it sends the visitor on
 * ("Producto seleccionado", the Finish confirmation) is raised just before and stays.
 */
export const NAVIGATION_GRACE_MS = 400;

interface ToastState {
  toasts: Toast[];
  dismiss(id: number): void;
  /**
   * A navigation happened. One to another page (`leftPage`) drops the toasts raised before
   * `before` (epoch ms), except those said for it; any navigation ends `followsNavigation`.
   */
  navigated(before: number, leftPage: boolean): void;
}

let nextId = 1;

/**
 * The page's one toast queue. `shared-ui/toast` is a federation singleton, so a remote's
 * `toast()` lands in the shell's <Toaster />.
 */
export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  navigated: (before, leftPage) =>
    set((state) => {
      const carried = state.toasts.some((t) => t.followsNavigation);
      const kept = state.toasts
        .filter((t) => !leftPage || t.followsNavigation || t.createdAt >= before)
        .map((t) => (t.followsNavigation ? { ...t, followsNavigation: false } : t));
      return !carried && kept.length === state.toasts.length ? state : { toasts: kept };
    }),
}));

/**
 * Shows a toast. Errors stay until dismissed (WCAG 2.2.1: nobody must race a timer to read
 * why something failed); news goes after `durationMs`. The same message again replaces the
 * earlier one instead of stacking, and so does any outcome of the same `topic`.
 */
export function toast(
  input: Omit<Toast, 'id' | 'variant' | 'createdAt'> & { variant?: ToastVariant; durationMs?: number },
): number {
  const { durationMs, ...content } = input;
  const id = nextId++;
  const added: Toast = { variant: 'default', ...content, id, createdAt: Date.now() };
  useToasts.setState((state) => ({
    toasts: [
      ...state.toasts.filter(
        (t) =>
          (t.title !== added.title || t.description !== added.description) &&
          (added.topic === undefined || t.topic !== added.topic),
      ),
      added,
    ].slice(-MAX_TOASTS),
  }));
  if (added.variant !== 'destructive') {
    setTimeout(() => useToasts.getState().dismiss(id), durationMs ?? TOAST_DURATION_MS);
  }
  return id;
}

/**
 * Open modal dialogs, newest last. While one is open the page behind it is inert (and so would
 * be a toast outside it): the Toaster moves into the newest one, where it can be read and closed.
 */
export const useToastHosts = create<{ hosts: HTMLElement[] }>()(() => ({ hosts: [] }));

export function addToastHost(host: HTMLElement): void {
  useToastHosts.setState((state) => ({ hosts: [...state.hosts.filter((h) => h !== host), host] }));
}

export function removeToastHost(host: HTMLElement): void {
  useToastHosts.setState((state) => ({ hosts: state.hosts.filter((h) => h !== host) }));
}
