/**
 * The frame around a text field and its buttons: the field itself draws no outline, so the frame
 * shows where the keyboard is (a ring while the field has keyboard focus).
 */
export const FIELD_FRAME =
  "rounded-xl border bg-night-950/60 transition focus-within:border-cyan/70 has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-cyan/60";
