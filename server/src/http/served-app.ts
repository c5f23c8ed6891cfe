import path from "node:path";
import express, { type Router } from "express";
import { isApiPath, isMetricsPath } from "./front";

/** Vite's build puts every hashed file (names change with their content) in assets/. */
const HASHED_ASSETS_DIR = "assets";
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and the unhashed public files: the browser revalidates them on every use. */
const REVALIDATE = "no-cache";

/**
 * The built app (npm run build) on the server's own origin: its files, and index.html for every
 * other GET that names no file, so that a client route (/fairness, /roulette, …) opened or
 * reloaded in the browser gets the app. /api and /metrics are never answered here: an unknown
 * /api path stays the API's JSON 404; so does a missing file (a path with an extension).
 */
export function servedApp(appDir: string): Router {
  const indexHtml = path.join(appDir, "index.html");
  const assetsDir = path.join(appDir, HASHED_ASSETS_DIR) + path.sep;
  const files = express.static(appDir, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => res.setHeader("Cache-Control", file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
  });
  const router = express.Router();
  // One route template, so the latency histogram labels every app file alike (http/observe.ts).
  router.get("/{*path}", (req, res, next) => {
    if (isApiPath(req.path) || isMetricsPath(req.path)) return next();
    files(req, res, () => {
      if (path.posix.extname(req.path) !== "") return next();
      res.sendFile(indexHtml, { headers: { "Cache-Control": REVALIDATE } }, (error) => error && next(error));
    });
  });
  return router;
}
