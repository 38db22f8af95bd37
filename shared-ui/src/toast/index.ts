export {
  addToastHost,
  MAX_TOASTS,
  NAVIGATION_GRACE_MS,
  removeToastHost,
  TOAST_DURATION_MS,
  type Toast,
  type ToastVariant,
  toast,
  useToasts,
} from './store';
export { Toaster } from './Toaster';
