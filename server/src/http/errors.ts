import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import type { ZodType } from "zod";

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Sign in first") => new HttpError(401, message);
export const forbidden = (message = "Not allowed for this account") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Validates a request part with zod; the first problem becomes a 400 naming the field. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join(".") : "body";
  throw badRequest(`Invalid ${field}: ${issue.message}`);
}

/**
 * A route answering with the handler's value as JSON (undefined: the handler answered itself);
 * errors and rejections go to the error handler. A handler may answer synchronously (the demo
 * games do): then no promise and no microtask turn are spent on it.
 */
export const route =
  (handler: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => {
    let result: unknown;
    try {
      result = handler(req, res);
      if (!(result instanceof Promise)) return answer(req, res, result);
    } catch (error) {
      return next(error);
    }
    (result as Promise<unknown>).then((body) => answer(req, res, body)).catch(next);
  };

function answer(req: Request, res: Response, body: unknown): void {
  if (!res.headersSent && body !== undefined) sendJson(req, res, body);
}

/**
 * The bytes and headers res.json sends, without its per-call content-type and freshness work.
 * A POST answer is never a conditional 304, so only other methods go through res.json.
 */
function sendJson(req: Request, res: Response, body: unknown): void {
  if (req.method !== "POST") {
    res.json(body);
    return;
  }
  const text = JSON.stringify(body);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** Every error leaves as `{ error }` JSON; internals are logged, never sent. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof HttpError) {
    res.status(error.status).json({ error: error.message });
    return;
  }
  const parserError = error as BodyParserError;
  const status = parserError.status ?? parserError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const message =
      parserError.type === "entity.too.large"
        ? "Request body too large"
        : parserError.type === "entity.parse.failed"
          ? "Malformed JSON body"
          : parserError.type === "encoding.unsupported" || parserError.type === "charset.unsupported"
            ? "Unsupported body encoding"
            : "Bad request";
    res.status(status).json({ error: message });
    return;
  }
  console.error(`${req.method} ${req.path} failed:`, error);
  res.status(500).json({ error: "Internal error" });
};

