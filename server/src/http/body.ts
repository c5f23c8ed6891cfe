import type { IncomingMessage } from "node:http";
import express from "express";
import { badRequest, HttpError, type RouteHandler } from "./errors";

/** Content types read without body-parser; any other form (charset, spacing, case of params) goes to it. */
const PLAIN_JSON_TYPES = new Set(["application/json", "application/json; charset=utf-8"]);
const BYTE_ORDER_MARK = "\uFEFF";
const JSON_WHITESPACE = /^[ \t\n\r]*/;

/**
 * express.json with a fast path. The common request, a plain JSON body with a Content-Length
 * within the limit and no Content-Encoding, is read and parsed here; everything else (chunked,
 * compressed, other charsets, oversized, no body) goes to body-parser, so every edge keeps its
 * answer. The fast path answers like body-parser in strict mode: a leading byte order mark is
 * dropped, the first non-blank character must be { or [, and a parse failure is a 400.
 */
export function jsonBody(limitBytes: number): RouteHandler {
  const general = express.json({ limit: limitBytes });
  return (req, res, next) => {
    if (!isPlainJsonWithinLimit(req, limitBytes)) return general(req, res, next);
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (error?: HttpError) => {
      if (done) return;
      done = true;
      if (error) return next(error);
      try {
        req.body = parseStrictJson((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8"));
      } catch {
        return next(badRequest("Malformed JSON body"));
      }
      next();
    };
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => finish());
    // The client went away mid-body; body-parser answers that with a 400 as well.
    req.once("error", () => finish(badRequest("Bad request")));
  };
}

function isPlainJsonWithinLimit(req: IncomingMessage, limitBytes: number): boolean {
  const { headers } = req;
  if (headers["content-encoding"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
  const type = headers["content-type"];
  if (type === undefined || !PLAIN_JSON_TYPES.has(type.toLowerCase())) return false;
  const length = headers["content-length"];
  if (length === undefined || !/^\d{1,9}$/.test(length)) return false;
  const bytes = Number(length);
  return bytes > 0 && bytes <= limitBytes;
}

function parseStrictJson(raw: string): unknown {
  const text = raw.startsWith(BYTE_ORDER_MARK) ? raw.slice(1) : raw;
  // body-parser reads an empty body as {}.
  if (text.length === 0) return {};
  const first = text[0] === "{" || text[0] === "[" ? text[0] : text[JSON_WHITESPACE.exec(text)![0].length];
  if (first !== "{" && first !== "[") throw new SyntaxError("JSON body must be an object or an array");
  return JSON.parse(text);
}
