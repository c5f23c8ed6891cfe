import { beforeEach, describe, expect, it } from "vitest";
import { CHOICES_STORAGE_KEY, storedChoices, useChoicesStore } from "../choices-store";

const stored = () => JSON.parse(localStorage.getItem(CHOICES_STORAGE_KEY)!).state;

describe("the player's remembered choices", () => {
  beforeEach(() => useChoicesStore.setState(useChoicesStore.getInitialState(), true));

  it("keeps a stake per game and per token, and the token last chosen, on this device", () => {
    const { chooseToken, chooseStake, chooseWheelColours } = useChoicesStore.getState();
    chooseStake("wheel", "DEGEN", 25);
    chooseToken("wheel", "BNB");
    chooseStake("wheel", "BNB", 0.05);
    chooseStake("slots", "DEGEN", 3);
    chooseWheelColours([2, 5, 7]);
    expect(stored()).toEqual({
      games: { wheel: { token: "BNB", stakes: { DEGEN: 25, BNB: 0.05 } }, slots: { token: "DEGEN", stakes: { DEGEN: 3 } } },
      wheelColours: [2, 5, 7],
    });
    // What a reload reads back.
    expect(storedChoices(stored())).toEqual({
      games: { wheel: { token: "BNB", stakes: { DEGEN: 25, BNB: 0.05 } }, slots: { token: "DEGEN", stakes: { DEGEN: 3 } } },
      wheelColours: [2, 5, 7],
    });
  });

  it("drops on reading what today's rules refuse: a stake under the minimum, an unknown token, a colour set the wheel refuses", () => {
    expect(
      storedChoices({
        games: {
          wheel: { token: "BNB", stakes: { DEGEN: 0.5, BNB: 0.0001 } },
          slots: { token: "ETH", stakes: { DEGEN: 10 } },
          crash: { token: "DEGEN", stakes: { DEGEN: "10", BNB: Number.NaN } },
        },
        wheelColours: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      }),
    ).toEqual({ games: { wheel: { token: "BNB", stakes: {} }, crash: { token: "DEGEN", stakes: {} } }, wheelColours: [] });
    expect(storedChoices({ games: null, wheelColours: [3, 3] })).toEqual({ games: {}, wheelColours: [] });
    expect(storedChoices("not json")).toEqual({ games: {}, wheelColours: [] });
  });

  it("refuses to remember a colour set the wheel would refuse", () => {
    useChoicesStore.getState().chooseWheelColours([1, 2]);
    useChoicesStore.getState().chooseWheelColours([1, 1]);
    useChoicesStore.getState().chooseWheelColours([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(useChoicesStore.getState().wheelColours).toEqual([1, 2]);
  });

  it("reads the wheel's choices that an earlier version stored under its URL's name, roulette", async () => {
    localStorage.setItem(
      CHOICES_STORAGE_KEY,
      JSON.stringify({
        state: { games: { roulette: { token: "BNB", stakes: { BNB: 0.05 } }, slots: { token: "DEGEN", stakes: { DEGEN: 3 } } }, wheelColours: [4] },
        version: 1,
      }),
    );
    await useChoicesStore.persist.rehydrate();
    expect(useChoicesStore.getState().games).toEqual({ wheel: { token: "BNB", stakes: { BNB: 0.05 } }, slots: { token: "DEGEN", stakes: { DEGEN: 3 } } });
    expect(useChoicesStore.getState().wheelColours).toEqual([4]);
  });
});
