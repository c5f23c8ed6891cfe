import { create } from "zustand";

export type ToastVariant = "success" | "error";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastStore {
  toasts: Toast[];
  /** Shows a toast, replacing the one on screen (docs/product.md §9: one at a time). Returns its id. */
  toast: (input: ToastInput) => number;
  dismiss: (id: number) => void;
}

/** docs/product.md §9. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

let nextToastId = 1;

export const useToastStore = create<ToastStore>()((set) => ({
  toasts: [],
  toast: ({ title, description, variant = "success" }) => {
    const id = nextToastId++;
    set((state) => ({ toasts: [{ id, title, description, variant }, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Callable outside React (stores, callbacks): `toast({ title, description, variant })`. */
export const toast = (input: ToastInput) => useToastStore.getState().toast(input);
