// First step of `npm test` and `npm run test:e2e`: without chromium, stop before anything runs
// rather than fail every browser file at the end.
import { chromiumMissing } from "./chromium";

const problem = chromiumMissing();
if (problem) {
  console.error(problem);
  process.exit(1);
}
