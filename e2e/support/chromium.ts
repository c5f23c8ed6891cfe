import { accessSync, constants } from "node:fs";

/** Debian's chromium (apt-get install chromium), or CHROMIUM_PATH; Playwright cannot download browsers here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** One line telling how to install the browser the e2e tests drive, or null when it is there. */
export function chromiumMissing(): string | null {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return null;
  } catch {
    return `The browser tests need chromium, not found at ${CHROMIUM_PATH}. Install it: sudo apt-get update && sudo apt-get install -y chromium`;
  }
}
