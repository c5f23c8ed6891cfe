import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { TOKENS, type Token } from "@/config/tokens";
import { DEFAULT_AUTO_BET_FORM, settingsOf, type AutoBetForm } from "./auto-bet-form";

interface AutoBetFormStore {
  /** Auto-bet's form per token: its stops are amounts of that token. */
  forms: Partial<Record<Token, AutoBetForm>>;
  formOf: (token: Token) => AutoBetForm;
  keep: (token: Token, form: AutoBetForm) => void;
}

export const AUTO_BET_STORAGE_KEY = "degen-casino:auto-bet";

const isChange = (value: unknown): value is AutoBetForm["onWin"] =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as AutoBetForm["onWin"]).multiply === "boolean" &&
  typeof (value as AutoBetForm["onWin"]).factor === "string";

/** A stored form, if it is one and its settings pass today's rules; else undefined (the default form is shown). */
export function storedAutoBetForm(value: unknown): AutoBetForm | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { count, stopOnProfit, stopOnLoss, onWin, onLoss } = value as Record<keyof AutoBetForm, unknown>;
  if (typeof count !== "string" || typeof stopOnProfit !== "string" || typeof stopOnLoss !== "string" || !isChange(onWin) || !isChange(onLoss))
    return undefined;
  const form: AutoBetForm = { count, stopOnProfit, stopOnLoss, onWin: { ...onWin }, onLoss: { ...onLoss } };
  return typeof settingsOf(form) === "string" ? undefined : form;
}

/**
 * Auto-bet's settings, remembered on this device (issue #22 item 6). Only the settings: a run never
 * starts by itself after a reload.
 */
export const useAutoBetFormStore = create<AutoBetFormStore>()(
  persist(
    (set, get) => ({
      forms: {},
      formOf: (token) => get().forms[token] ?? DEFAULT_AUTO_BET_FORM,
      keep: (token, form) => set((state) => ({ forms: { ...state.forms, [token]: form } })),
    }),
    {
      name: AUTO_BET_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ forms }) => ({ forms }),
      merge: (persisted, current) => {
        const forms: AutoBetFormStore["forms"] = {};
        const stored = (persisted as { forms?: Record<string, unknown> } | undefined)?.forms;
        for (const token of TOKENS) {
          const form = storedAutoBetForm(stored?.[token]);
          if (form) forms[token] = form;
        }
        return { ...current, forms };
      },
    },
  ),
);
