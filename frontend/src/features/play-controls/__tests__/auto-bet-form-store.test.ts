import { describe, expect, it } from "vitest";
import { DEFAULT_AUTO_BET_FORM } from "../auto-bet-form";
import { AUTO_BET_STORAGE_KEY, storedAutoBetForm, useAutoBetFormStore } from "../auto-bet-form-store";

const form = { count: "25", stopOnProfit: "50", stopOnLoss: "", onWin: { multiply: false, factor: "2" }, onLoss: { multiply: true, factor: "1.5" } };

describe("auto-bet's remembered settings", () => {
  it("keeps a form per token on this device, and reads it back", () => {
    useAutoBetFormStore.getState().keep("DEGEN", form);
    expect(useAutoBetFormStore.getState().formOf("DEGEN")).toEqual(form);
    expect(useAutoBetFormStore.getState().formOf("BNB")).toEqual(DEFAULT_AUTO_BET_FORM);
    const stored = JSON.parse(localStorage.getItem(AUTO_BET_STORAGE_KEY)!).state.forms;
    expect(storedAutoBetForm(stored.DEGEN)).toEqual(form);
  });

  it("drops a stored form that is not one or that today's rules refuse", () => {
    expect(storedAutoBetForm({ ...form, count: "0" })).toBeUndefined();
    expect(storedAutoBetForm({ ...form, count: "5000" })).toBeUndefined();
    expect(storedAutoBetForm({ ...form, onLoss: { multiply: true, factor: "1000" } })).toBeUndefined();
    expect(storedAutoBetForm({ ...form, stopOnLoss: 5 })).toBeUndefined();
    expect(storedAutoBetForm(null)).toBeUndefined();
    expect(storedAutoBetForm("x")).toBeUndefined();
  });
});
