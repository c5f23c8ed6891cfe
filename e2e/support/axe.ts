import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now (open dialogs included),
 * one line each: rule, what it asks, and the elements that break it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * Tabs through the page from its top: how many controls it reached, those whose focus is not
 * visible (no outline and no ring), and the visible, enabled controls it never reached (a closed
 * <details> hides its own; a radio group or tab list counts as reached through any member).
 * Only controls on the page when the walk starts count: a live list (the lobby's feed of bets
 * settled by other players) adds rows above the focus while it walks, which no Tab could reach.
 */
export async function tabWalk(page: Page): Promise<{ reached: number; notVisiblyFocused: string[]; unreached: string[] }> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const element of document.querySelectorAll("[data-tabbed]")) element.removeAttribute("data-tabbed");
    for (const element of document.querySelectorAll("*")) element.setAttribute("data-before-walk", "");
  });
  const notVisiblyFocused: string[] = [];
  let reached = 0;
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press("Tab");
    const step = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return { done: true };
      if (element.dataset.tabbed) return { done: true };
      element.dataset.tabbed = "1";
      // An outline or a ring on the control, or a ring on the field's frame around it (focus-within).
      const marked = (target: Element | null) => {
        if (!target) return false;
        const style = getComputedStyle(target);
        return (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      };
      const visible = marked(element) || (element.matches("input, select, textarea") && marked(element.parentElement));
      const name = `${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ""} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
      return { done: false, visible, name };
    });
    if (step.done) break;
    reached++;
    if (!step.visible) notVisiblyFocused.push(step.name!);
  }
  const unreached = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])',
      ),
    ]
      .filter((element) => element.hasAttribute("data-before-walk") && !element.dataset.tabbed && element.checkVisibility({ visibilityProperty: true }))
      // A radio group, tab list or menu is one Tab stop: its other members are reached with the arrow keys.
      .filter((element) => {
        const group =
          element.getAttribute("tabindex") === "-1" ? element.closest('[role="radiogroup"], [role="tablist"], [role="menu"], [role="toolbar"]') : null;
        return !group?.querySelector("[data-tabbed]");
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`,
      ),
  );
  return { reached, notVisiblyFocused, unreached };
}
