export { useToastStore, toast, TOAST_LIMIT, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, TOAST_HOTKEY } from "./toast-store";
export type { Toast, ToastInput, ToastVariant, ToastStore } from "./toast-store";
export { Toaster } from "./components/toaster";
