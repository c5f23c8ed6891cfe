import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import {
  BLACKJACK_PAYOUT_BPS,
  BPS,
  CRASH,
  DICE,
  KICKBOXING_CHANCES,
  MINES,
  PLINKO_RISKS,
  PLINKO_TABLES,
  RTP_BPS,
  SLOT_PAYTABLE,
  SLOT_SYMBOLS,
  TOKENS,
  crashWinProbability,
  diceTargetOf,
  kickboxingPayoutBps,
  minesCashOutMultiplier,
  minesSafeChance,
  plinkoMultiplier,
  plinkoSlotChance,
  slotsExactRtp,
  slotsLineChances,
  slotsPaytableFor,
  wheelMultiplierBps,
  wheelWinChanceBps,
  type Fraction,
  type KickboxingBet,
  type Token,
} from "../../engine/src/index";
import { BLACKJACK_RTP, kickboxingRtp } from "../../engine/src/rtp";
import { openPage } from "../support/browser";
import { useBrowser } from "../support/page";

/**
 * Every multiplier, chance and RTP a player reads on the lobby and the game pages, in both
 * tokens, against the engine's exact figures (issue #39): a figure shown rounded agrees with the
 * exact one to the last decimal it shows; a multiplier is shown as the rules pay it, unrounded.
 */

/** One figure on screen and the engine's exact value it stands for. */
interface Claim {
  where: string;
  shown: string;
  exact: number;
}

const ratio = ({ numerator, denominator }: Fraction) => Number(numerator) / Number(denominator);
const bps = (value: bigint) => Number(value) / Number(BPS);
/** num ÷ den as a number: the engine's multipliers as fractions. */
const fraction = ({ num, den }: { num: bigint; den: bigint }) => Number(num) / Number(den);

/** The number in a shown figure ("98.5%" → 98.5, "1 in 14.8M" → 14,800,000, "x4.0" → 4). */
function valueOf(shown: string): number {
  const [, digits, suffix] = /([\d.]+)([KMB]?)/.exec(shown.replace(/^1 in /, ""))!;
  return Number(digits) * { "": 1, K: 1e3, M: 1e6, B: 1e9 }[suffix as "" | "K" | "M" | "B"];
}

/** Half a unit of the last digit shown: "98.5%" → 0.05, "1 in 14.8M" → 50,000, "10.2x" → 0.05. */
function halfLastDigit(shown: string): number {
  const [, digits, suffix] = /([\d.]+)([KMB]?)/.exec(shown.replace(/^1 in /, ""))!;
  const decimals = digits.includes(".") ? digits.split(".")[1].length : 0;
  return 0.5 * 10 ** -decimals * { "": 1, K: 1e3, M: 1e6, B: 1e9 }[suffix as "" | "K" | "M" | "B"] * (1 + 1e-9);
}

/** The claims that disagree with the engine, as "where: shown, exact …" (none when all hold). */
function disagreements(claims: readonly Claim[], exactMultipliers = false): string[] {
  return claims
    .filter(({ shown, exact }) => {
      const error = Math.abs(valueOf(shown) - exact);
      return exactMultipliers && shown.endsWith("x") ? error > 1e-9 : error > halfLastDigit(shown);
    })
    .map(({ where, shown, exact }) => `${where}: shown ${shown}, the engine's ${exact}`);
}

/** The figures of `text` that `pattern` captures, in order; fails when the text does not match. */
function figures(text: string, pattern: RegExp, where: string): string[] {
  const match = pattern.exec(text);
  expect(match, `${where} reads "${text}"`).not.toBeNull();
  return match!.slice(1);
}

async function chooseToken(page: Page, token: Token): Promise<void> {
  await page.getByTestId(`token-switch-${token}`).click();
  await expect.poll(() => page.getByTestId(`token-switch-${token}`).getAttribute("aria-checked")).toBe("true");
}

async function tokenBadges(page: Page): Promise<Record<Token, string>> {
  const badge = async (token: Token) => (await page.getByTestId(`token-switch-${token}`).innerText()).replace(token, "").trim();
  return { DEGEN: await badge("DEGEN"), BNB: await badge("BNB") };
}

const KICKBOXING_BETS: readonly KickboxingBet[] = ["RED", "BLUE", "TIE"];
const percent = (fraction: number) => fraction * 100;

async function lobbyClaims(page: Page): Promise<Claim[]> {
  const claims: Claim[] = [];
  for (const token of TOKENS) {
    const where = `lobby, ${token} card`;
    const text = await page.getByTestId(`token-terms-${token}`).innerText();
    const [multiplier] = figures(text, /([\d.]+)x · \d+% player on wheel, slots, crash, dice, plinko and mines/, where);
    claims.push({ where, shown: `${multiplier}x`, exact: bps(RTP_BPS[token]) });
    const [blackjack, kickboxing, tie] = figures(text, /RTP: blackjack ([\d.]+%) · kickboxing ([\d.]+%) \(Tie ([\d.]+%)\)/, where);
    claims.push(
      { where: `${where}, blackjack`, shown: blackjack, exact: percent(BLACKJACK_RTP[token]) },
      { where: `${where}, kickboxing Red`, shown: kickboxing, exact: percent(kickboxingRtp("RED")) },
      { where: `${where}, kickboxing Blue`, shown: kickboxing, exact: percent(kickboxingRtp("BLUE")) },
      { where: `${where}, kickboxing Tie`, shown: tie, exact: percent(kickboxingRtp("TIE")) },
    );
  }
  const highlight = (game: string) => page.getByTestId(`game-card-${game}`).innerText();
  const best: [string, RegExp, number][] = [
    ["wheel", /Up to ([\d.]+x)/, bps(wheelMultiplierBps("DEGEN", 1))],
    ["blackjack", /BJ pays ([\d.]+x)/, bps(BLACKJACK_PAYOUT_BPS.DEGEN.BLACKJACK)],
    ["blackjack", /\(BNB ([\d.]+x)\)/, bps(BLACKJACK_PAYOUT_BPS.BNB.BLACKJACK)],
    ["slots", /Best line ([\d.]+x)/, slotsPaytableFor("DEGEN").DEGEN[2]],
    ["kickboxing", /Tie pays x([\d.]+)/, bps(kickboxingPayoutBps("TIE", "DRAW"))],
    ["crash", /Up to ([\d.]+x)/, CRASH.MAX_HUNDREDTHS / 100],
    ["dice", /Up to ([\d.]+x)/, bps(RTP_BPS.DEGEN) * DICE.ROLLS],
    ["plinko", /Up to ([\d.]+x)/, fraction(plinkoMultiplier("DEGEN", { rows: 16, risk: "HIGH" }, 0))],
    ["mines", /Up to ([\d.]+x)/, Number(MINES.MAX_MULTIPLIER)],
  ];
  for (const [game, pattern, exact] of best) {
    const [shown] = figures(await highlight(game), pattern, `lobby, ${game} card`);
    claims.push({ where: `lobby, ${game} card`, shown: shown.endsWith("x") ? shown : `${shown}x`, exact });
  }
  return claims;
}

async function wheelClaims(page: Page, token: Token): Promise<Claim[]> {
  const badges = await tokenBadges(page);
  const claims: Claim[] = TOKENS.map((each) => ({ where: `wheel, ${each} badge`, shown: badges[each], exact: bps(wheelMultiplierBps(each, 1)) }));
  const rows = await page
    .getByRole("region", { name: /Payouts/ })
    .locator("tbody tr")
    .allInnerTexts();
  expect(rows).toHaveLength(9);
  rows.forEach((row, index) => {
    const colours = index + 1;
    const [count, chance, pays] = row.split(/\s+/);
    expect(Number(count)).toBe(colours);
    claims.push(
      { where: `wheel ${token}, ${colours} colours, chance`, shown: chance, exact: wheelWinChanceBps(colours) / 100 },
      { where: `wheel ${token}, ${colours} colours, pays`, shown: pays, exact: bps(wheelMultiplierBps(token, colours)) },
    );
  });
  return claims;
}

async function blackjackClaims(page: Page, token: Token): Promise<Claim[]> {
  const badges = await tokenBadges(page);
  const claims: Claim[] = TOKENS.map((each) => ({
    where: `blackjack, ${each} badge`,
    shown: badges[each].replace("RTP ", ""),
    exact: percent(BLACKJACK_RTP[each]),
  }));
  const payouts = await page.getByTestId("payout-badges").innerText();
  // The product's header is DEGEN's payouts in both tokens; with BNB chosen, what BNB pays stands beside it.
  const [blackjack, win, push] = figures(payouts, /BJ ([\d.]+x)\s+Win ([\d.]+x)\s+Push ([\d.]+x)/, `blackjack ${token} badges`);
  claims.push(
    { where: `blackjack ${token}, BJ`, shown: blackjack, exact: bps(BLACKJACK_PAYOUT_BPS.DEGEN.BLACKJACK) },
    { where: `blackjack ${token}, Win`, shown: win, exact: bps(BLACKJACK_PAYOUT_BPS.DEGEN.WIN) },
    { where: `blackjack ${token}, Push`, shown: push, exact: bps(BLACKJACK_PAYOUT_BPS.DEGEN.PUSH) },
  );
  if (token === "BNB") {
    const [bnbBlackjack, bnbWin] = figures(await page.getByTestId("bnb-payouts").innerText(), /With BNB: BJ ([\d.]+x), Win ([\d.]+x)/, "blackjack BNB payouts");
    claims.push(
      { where: "blackjack BNB, BJ with BNB", shown: bnbBlackjack, exact: bps(BLACKJACK_PAYOUT_BPS.BNB.BLACKJACK) },
      { where: "blackjack BNB, Win with BNB", shown: bnbWin, exact: bps(BLACKJACK_PAYOUT_BPS.BNB.WIN) },
    );
  } else expect(await page.getByTestId("bnb-payouts").count()).toBe(0);
  return claims;
}

async function slotsClaims(page: Page, token: Token): Promise<Claim[]> {
  const badges = await tokenBadges(page);
  const claims: Claim[] = TOKENS.map((each) => ({ where: `slots, ${each} badge`, shown: badges[each], exact: bps(RTP_BPS[each]) }));
  const paytable = page.getByTestId("paytable");
  if (!(await paytable.getByTestId("slots-rtp").isVisible())) await paytable.getByRole("button", { name: /Paytable/ }).click();
  claims.push({
    where: `slots ${token}, RTP`,
    shown: (await paytable.getByTestId("slots-rtp").innerText()).replace("RTP ", ""),
    exact: percent(ratio(slotsExactRtp(token))),
  });
  const paragraph = await paytable.locator("p").first().innerText();
  const [multiplier] = figures(paragraph, /multiplied by ([\d.]+x) for/, `slots ${token} paytable`);
  claims.push({ where: `slots ${token}, paytable multiplier`, shown: multiplier, exact: bps(RTP_BPS[token]) });
  for (const symbol of SLOT_SYMBOLS) {
    const chances = slotsLineChances(symbol);
    for (const [index, count] of [3, 4, 5].entries()) {
      const where = `slots ${token}, ${count} ${symbol}`;
      const chance = await paytable.getByTestId(`line-chance-${symbol}-${count}`).innerText();
      claims.push({ where: `${where}, chance`, shown: chance, exact: 1 / ratio(chances[index]) });
      const price = await paytable.getByTestId(`line-chance-${symbol}-${count}`).locator("xpath=preceding-sibling::span").innerText();
      claims.push({ where: `${where}, price`, shown: price, exact: SLOT_PAYTABLE[symbol][index] });
    }
  }
  return claims;
}

async function kickboxingClaims(page: Page, token: Token): Promise<Claim[]> {
  const claims: Claim[] = [];
  for (const bet of KICKBOXING_BETS) {
    const where = `kickboxing ${token}, ${bet}`;
    const button = page.getByTestId(`kickboxing-bet-${bet}`);
    const [multiplier] = figures(await button.innerText(), /x([\d.]+)/, where);
    claims.push({ where: `${where}, pays`, shown: `${multiplier}x`, exact: bps(kickboxingPayoutBps(bet, bet === "TIE" ? "DRAW" : bet)) });
    const [chance, rtp] = figures(await page.getByTestId(`kickboxing-chance-${bet}`).innerText(), /Chance ([\d.]+%) · RTP ([\d.]+%)/, where);
    claims.push(
      { where: `${where}, chance`, shown: chance, exact: percent(KICKBOXING_CHANCES[bet]) },
      { where: `${where}, RTP`, shown: rtp, exact: percent(kickboxingRtp(bet)) },
    );
    await button.click();
    const badges = await tokenBadges(page);
    for (const each of TOKENS)
      claims.push({ where: `${where} chosen, ${each} badge`, shown: badges[each].replace("RTP ", ""), exact: percent(kickboxingRtp(bet)) });
  }
  return claims;
}

const CRASH_TARGETS = [101, 104, 150, 200, 1000, 10_000];

async function crashClaims(page: Page, token: Token): Promise<Claim[]> {
  const badges = await tokenBadges(page);
  const claims: Claim[] = TOKENS.map((each) => ({ where: `crash, ${each} badge`, shown: badges[each], exact: bps(RTP_BPS[each]) }));
  for (const target of CRASH_TARGETS) {
    const where = `crash ${token}, auto cash-out ${target / 100}x`;
    await page.getByTestId("auto-cash-out").fill(String(target / 100));
    const text = await page.getByTestId("auto-cash-out-chance").innerText();
    const [chance, rtp] = figures(text, /Chance ([\d.]+%) · RTP ([\d.]+%)/, where);
    const reach = ratio(crashWinProbability(token, target));
    claims.push(
      { where: `${where}, chance`, shown: chance, exact: percent(reach) },
      { where: `${where}, RTP`, shown: rtp, exact: percent((reach * target) / 100) },
    );
  }
  await page.getByTestId("auto-cash-out").fill("");
  const rules = await page.getByRole("region", { name: "How to play" }).innerText();
  const [bust] = figures(rules, /([\d.]+%) of rounds bust instantly/, "crash rules");
  const [degen, degenRtp, bnb, bnbRtp] = figures(rules, /([\d.]+) \/ m with DEGEN \(RTP ([\d.]+%)\), ([\d.]+) \/ m with BNB \(RTP ([\d.]+%)\)/, "crash rules");
  const [twoX] = figures(rules, /2x is reached ([\d.]+%) of the time with DEGEN/, "crash rules");
  const [cap] = figures(rules, /capped at ([\d.]+x)/, "crash rules");
  claims.push(
    { where: "crash rules, instant bust", shown: bust, exact: 100 / CRASH.INSTANT_BUST_DIVISOR },
    { where: "crash rules, DEGEN RTP / m", shown: `${degen}x`, exact: bps(RTP_BPS.DEGEN) },
    { where: "crash rules, DEGEN RTP", shown: degenRtp, exact: percent(bps(RTP_BPS.DEGEN)) },
    { where: "crash rules, BNB RTP / m", shown: `${bnb}x`, exact: bps(RTP_BPS.BNB) },
    { where: "crash rules, BNB RTP", shown: bnbRtp, exact: percent(bps(RTP_BPS.BNB)) },
    { where: "crash rules, 2x with DEGEN", shown: twoX, exact: percent(ratio(crashWinProbability("DEGEN", 200))) },
    { where: "crash rules, cap", shown: cap, exact: CRASH.MAX_HUNDREDTHS / 100 },
  );
  // "every cash-out target from 1.04x (DEGEN) or 1.01x (BNB) up returns exactly the token's RTP".
  const [degenFrom, bnbFrom] = figures(rules, /from ([\d.]+)x \(DEGEN\) or ([\d.]+)x \(BNB\) up returns exactly/, "crash rules");
  for (const [each, from] of [
    ["DEGEN", degenFrom],
    ["BNB", bnbFrom],
  ] as const) {
    const hundredths = Math.round(Number(from) * 100);
    const returns = (target: number) => ratio(crashWinProbability(each, target)) * target * 100;
    expect(Math.abs(returns(hundredths) - Number(RTP_BPS[each])), `${each}'s fair targets start at ${from}x`).toBeLessThan(1e-6 * Number(RTP_BPS[each]));
    if (hundredths > CRASH.MIN_AUTO_CASH_OUT)
      expect(returns(hundredths - 1), `${each}: ${(hundredths - 1) / 100}x returns less`).toBeLessThan(Number(RTP_BPS[each]));
  }
  return claims;
}

/** Win chances typed into the dice page: the chance field's rounding and the multiplier it shows. */
const DICE_CHANCES = [0.01, 1, 33.33, 50, 98];

async function diceClaims(page: Page, token: Token): Promise<Claim[]> {
  const claims: Claim[] = [];
  for (const side of ["UNDER", "OVER"] as const) {
    await page.getByTestId(`dice-side-${side}`).click();
    for (const chance of DICE_CHANCES) {
      const where = `dice ${token}, roll ${side.toLowerCase()}, ${chance}%`;
      await page.getByTestId("dice-chance").fill(String(chance));
      await page.getByTestId("dice-chance").press("Enter");
      const winning = Math.round(chance * 100);
      const target = Number(await page.getByTestId("dice-target").inputValue());
      // The target stands for the rolls that win: below it rolling under, above it rolling over.
      claims.push({ where: `${where}, target`, shown: target.toFixed(2), exact: diceTargetOf(side, winning) / 100 });
      claims.push({ where: `${where}, chance`, shown: `${await page.getByTestId("dice-chance").inputValue()}%`, exact: winning / 100 });
      // RTP ÷ chance repeats for most chances (10,200 ÷ 3,333): shown to four decimals, it is held to its last digit, not to exactness.
      claims.push({ where: `${where}, multiplier`, shown: await page.getByTestId("dice-multiplier").inputValue(), exact: Number(RTP_BPS[token]) / winning });
      const [onWin] = figures(await page.getByTestId("potential-win").innerText(), /\(([\d.]+)x\)/, where);
      claims.push({ where: `${where}, payout on win`, shown: onWin, exact: Number(RTP_BPS[token]) / winning });
    }
  }
  return claims;
}

/** Rows shown on the plinko page for each risk: every slot's multiplier, and the payouts table's chances and multipliers. */
const PLINKO_ROWS = [8, 12, 16];

async function plinkoClaims(page: Page, token: Token): Promise<Claim[]> {
  const claims: Claim[] = [];
  for (const risk of PLINKO_RISKS) {
    await page.getByTestId(`plinko-risk-${risk}`).click();
    for (const rows of PLINKO_ROWS) {
      const where = `plinko ${token}, ${rows} rows, ${risk.toLowerCase()} risk`;
      const bet = { rows, risk };
      await page.getByTestId("plinko-rows").fill(String(rows));
      await page.locator(`[data-testid="plinko-board"][data-rows="${rows}"][data-risk="${risk}"]`).waitFor();
      const slots = await page.getByTestId("plinko-slots").locator("li").allInnerTexts();
      expect(slots, where).toHaveLength(rows + 1);
      slots.forEach((shown, slot) => claims.push({ where: `${where}, slot ${slot}`, shown, exact: fraction(plinkoMultiplier(token, bet, slot)) }));
      const [edge] = figures(await page.getByTestId("potential-win").innerText(), /\(([\d.]+x)\)/, `${where}, edge slots pay`);
      claims.push({ where: `${where}, edge slots pay`, shown: edge, exact: fraction(plinkoMultiplier(token, bet, 0)) });
      const table = await page.getByTestId("plinko-payout-row").allInnerTexts();
      expect(table, where).toHaveLength(PLINKO_TABLES[risk][rows - 8].length);
      table.forEach((text, slot) => {
        const [chance, pays] = figures(text, /([\d.]+%)(?: each)?\s+([\d.]+x)/, `${where}, payouts row ${slot}`);
        const { num, den } = plinkoSlotChance(rows, slot);
        claims.push({ where: `${where}, payouts row ${slot} chance`, shown: chance, exact: percent(Number(num) / Number(den)) });
        claims.push({ where: `${where}, payouts row ${slot} pays`, shown: pays, exact: fraction(plinkoMultiplier(token, bet, slot)) });
      });
    }
  }
  return claims;
}

/** Mine counts read on the mines page: the fewest, the default, the most capped, the most. */
const MINES_COUNTS = [1, 3, 12, 24];

/** What k safe tiles pay per stake, capped as the rules cap it. */
const minesPays = (token: Token, mines: number, safe: number) => fraction(minesCashOutMultiplier(token, mines, safe));

async function minesClaims(page: Page, token: Token): Promise<Claim[]> {
  const claims: Claim[] = [];
  for (const mines of MINES_COUNTS) {
    const where = `mines ${token}, ${mines} mines`;
    await page.getByTestId("mines-count").selectOption(String(mines));
    await expect.poll(() => page.getByTestId("mines-payout-row").count()).toBe(MINES.TILES - mines);
    // Rounded to four decimals (RTP × C(25, k) ÷ C(25 − mines, k) repeats): held to the last digit shown.
    const next = (await page.getByTestId("mines-next-multiplier").innerText()).replace(/x$/, "");
    claims.push({ where: `${where}, next tile`, shown: next, exact: minesPays(token, mines, 1) });
    const table = await page.getByTestId("mines-payout-row").allInnerTexts();
    table.forEach((text, row) => {
      const safe = row + 1;
      const [shownSafe, chance, pays] = figures(text, /^(\d+)\s+([\d.]+%)\s+([\d.]+)x$/, `${where}, payouts row ${safe}`);
      expect(Number(shownSafe), where).toBe(safe);
      claims.push({ where: `${where}, ${safe} safe chance`, shown: chance, exact: percent(fraction(minesSafeChance(mines, safe))) });
      claims.push({ where: `${where}, ${safe} safe pays`, shown: pays, exact: minesPays(token, mines, safe) });
    });
  }
  return claims;
}

const GAME_PAGES: readonly [route: string, claims: (page: Page, token: Token) => Promise<Claim[]>][] = [
  ["/roulette", wheelClaims],
  ["/blackjack", blackjackClaims],
  ["/slots", slotsClaims],
  ["/kickboxing", kickboxingClaims],
  ["/crash", crashClaims],
  ["/dice", diceClaims],
  ["/plinko", plinkoClaims],
  ["/mines", minesClaims],
];

describe("every number a player reads is the engine's", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  it("on the lobby and on each game page in both tokens: every multiplier, chance and RTP", async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/");
    await page.getByTestId("token-terms-BNB").waitFor();
    const claims = await lobbyClaims(page);
    for (const [route, claimsOf] of GAME_PAGES) {
      await page.goto(appUrl + route);
      for (const token of TOKENS) {
        await chooseToken(page, token);
        claims.push(...(await claimsOf(page, token)));
      }
    }
    // Enough figures read that a page missing from the walk would show: 18 lobby, 40 wheel, 10 blackjack, 90 slots, 30 kickboxing, 42 crash, 80 dice, 504 plinko, 248 mines.
    expect(claims.length).toBeGreaterThanOrEqual(1_030);
    expect(disagreements(claims, true)).toEqual([]);
  });
});
