// @vitest-environment node
import { describe, expect, it } from "vitest";
import { lineChanceTexts, slotsRtpText } from "../line-chances";

describe("the paytable's chances", () => {
  it("gives one line's chance of each price from the reels' weights, and the spin's exact RTP", () => {
    // Cherry: 42 in 100 on reels 1, 3, 5 and 11 on reels 2, 4; exactly three is 42·11·42·89·100 in 100^5.
    expect(lineChanceTexts("CHERRY")[0]).toBe("1 in 57.9");
    // DEGEN five in a row: 1·26·1·26·1 in 100^5.
    expect(lineChanceTexts("DEGEN")[2]).toBe("1 in 14.8M");
    expect(slotsRtpText("DEGEN")).toBe("102%");
    expect(slotsRtpText("BNB")).toBe("98%");
  });
});
