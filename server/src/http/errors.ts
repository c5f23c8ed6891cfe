import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, Response } from "express";
import type { ZodType } from "zod";
import { logger } from "../observability/log";

const log = logger("http");

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

/** What a route handler reads of its request: the parsed body and the cookies, nothing of Express. */
export interface RouteRequest {
  body?: unknown;
  cookies?: Record<string, string>;
  /** The request id (X-Request-Id) every log line about this request carries. */
  id?: string;
}

/** A request as node:http gives it, with what the front layer adds. */
export type PlainRequest = IncomingMessage & RouteRequest;
/** Called with an error to answer it; the route answered otherwise. */
export type Next = (error?: unknown) => void;
/** A route on plain node:http objects: it runs inside Express and in the direct lane of app.ts alike. */
export type RouteHandler = (req: PlainRequest, res: ServerResponse, next: Next) => void;

/** A POST route that needs nothing from Express (app.ts serves it directly as well). */
export interface PlayRoute {
  path: string;
  handler: RouteHandler;
}

/**
 * A route answering with the handler's value as JSON (undefined: the handler answered itself);
 * errors and rejections go to next. A handler may answer synchronously (the demo games do): then
 * no promise and no microtask turn are spent on it.
 */
export const route =
  <Req extends RouteRequest = Request, Res extends ServerResponse = Response>(handler: (req: Req, res: Res) => Promise<unknown> | unknown) =>
  (req: Req, res: Res, next: Next): void => {
    let result: unknown;
    try {
      result = handler(req, res);
      if (!(result instanceof Promise)) return answer(res, result);
    } catch (error) {
      return next(error);
    }
    (result as Promise<unknown>).then((body) => answer(res, body)).catch(next);
  };

/** route() for a handler that reads only what a plain request carries (a PlayRoute's). */
export const plainRoute = (handler: (req: PlainRequest) => Promise<unknown> | unknown): RouteHandler => route<PlainRequest, ServerResponse>(handler);

function answer(res: ServerResponse, body: unknown): void {
  if (!res.headersSent && body !== undefined) sendJson(res, res.statusCode, body);
}

/**
 * An answer serialized once, to be sent as it is to every caller that asks for it: a kept page
 * (routes/stats.ts) is sent to many callers, and serializing it again for each of them was most
 * of what a kept answer cost the event loop (issue #38 item 5).
 */
export class SerializedJson {
  readonly bytes: Buffer;

  constructor(body: unknown) {
    this.bytes = Buffer.from(JSON.stringify(body));
  }
}

/**
 * The bytes and headers Express's res.status(status).json(body) sends with ETags off, on a plain
 * ServerResponse. None of the routes answers a conditional request, so res.json's freshness check
 * never applied.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const json = body instanceof SerializedJson ? body.bytes : JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(json);
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** Every error leaves as `{ error }` JSON; internals are logged, never sent. */
export function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (res.headersSent) return;
  if (error instanceof HttpError) return sendJson(res, error.status, { error: error.message });
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
    return sendJson(res, status, { error: message });
  }
  log.error({ reqId: (req as PlainRequest).id, err: error }, `${req.method} ${req.url} failed`);
  sendJson(res, 500, { error: "Internal error" });
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => sendError(req, res, error);
