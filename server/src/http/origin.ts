import type { IncomingMessage } from "node:http";
import { forbidden, type HttpError } from "./errors";

const CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A request that may change something (POST, PUT, PATCH, DELETE) from a page of another origin
 * is refused, whatever it carries: the session cookie is SameSite=Strict, but the demo games need
 * no session, and a refusal here costs no work behind it. A request without an Origin header
 * passes: browsers send Origin on every cross-origin request of these methods (and Chromium and
 * Firefox on same-origin ones too), so its absence means a caller that is not a browser page
 * (curl, a script, a test), which could send any Origin it liked anyway (server/README.md, Routes).
 */
export function crossOriginChange(req: IncomingMessage, appOrigin: string): HttpError | undefined {
  const origin = req.headers.origin;
  if (origin === undefined || origin === appOrigin || !CHANGING_METHODS.has(req.method ?? "")) return undefined;
  return forbidden(`Cross-origin request refused: only pages of ${appOrigin} may send it`);
}
