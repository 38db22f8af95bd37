export { TOAST_DURATION_MS, type Toast, type ToastVariant, toast, useToasts } from './store';
export { Toaster } from './Toaster';
