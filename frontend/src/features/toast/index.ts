export { useToastStore, toast } from "./toast-store";
export { Toaster } from "./components/toaster";
