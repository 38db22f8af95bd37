import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export const TOAST_DURATION_MS = 6_000;

interface ToastState {
  toasts: Toast[];
  dismiss(id: number): void;
}

let nextId = 1;

/**
 * The page's one toast queue. `shared-ui/toast` is a federation singleton, so a remote's
 * `toast()` lands in the shell's <Toaster />.
 */
export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

export function toast(input: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant }): number {
  const id = nextId++;
  const added: Toast = { variant: 'default', ...input, id };
  // At most four on screen: the oldest give way.
  useToasts.setState((state) => ({ toasts: [...state.toasts, added].slice(-4) }));
  setTimeout(() => useToasts.getState().dismiss(id), TOAST_DURATION_MS);
  return id;
}
