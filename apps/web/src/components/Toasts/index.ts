// Toasts itself is not exported: it loads on demand through ToastHost.
export { ToastHost } from './ToastHost';
