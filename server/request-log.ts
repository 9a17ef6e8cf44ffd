import { randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { redactUrl } from "~/lib/redact-url";

/** An incoming X-Request-Id is kept only when it looks like an id (a proxy's); otherwise a new UUID. */
const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * Every request gets an id, echoed in X-Request-Id and kept in `res.locals.requestId` (the
 * handlers' error logs name it), and one log line once its answer has been sent:
 * `{ req: { id, method, url }, res: { statusCode }, responseTime }` "request completed" (info),
 * or "request aborted" (warn) when the client went away first. The URL's one-time secrets are
 * `[redacted]` (`redactUrl`: `/reset-password?token=[redacted]`). Paths for which `ignore` is true
 * (health checks, static files) are not logged.
 *
 * In place of pino-http, which builds a child logger for every request whatever the level
 * (docs/decisions/013-request-log-without-pino-http.md).
 */
export function requestLog(log: Logger, options: { ignore: (path: string) => boolean }): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    if (!log.isLevelEnabled("warn") || options.ignore(req.path)) return next();

    const started = performance.now();
    res.once("close", () => {
      const completed = res.writableFinished;
      if (completed && !log.isLevelEnabled("info")) return;
      const line = {
        // One-time secrets (a password reset link's token) never reach the log.
        req: { id, method: req.method, url: redactUrl(req.originalUrl) },
        // An answer cut short before its headers went out has no status yet.
        res: { statusCode: res.headersSent ? res.statusCode : null },
        responseTime: Math.round(performance.now() - started),
      };
      if (completed) log.info(line, "request completed");
      else log.warn(line, "request aborted");
    });
    next();
  };
}

/** The request's id (set by {@link requestLog}). */
export function requestIdOf(res: Response): string {
  return String(res.locals.requestId);
}
