import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { nanoid } from "nanoid";
import { existsSync, readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import client from "prom-client";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { DataDirLockedError } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { DatabaseRoleError } from "~/db/privileges.server";
import { serviceUnavailable } from "~/server/auth.server";
import { ConfigError, loadConfig, type Config } from "~/server/config.server";
import { PAYSTACK_BASE_URL, PAYSTACK_CHECKOUT_ORIGIN } from "~/server/paystack.server";
import type { RequestContext } from "~/server/context.server";
import type { DeviceIdCookie } from "~/server/device-id.server";
import { networkOf } from "~/lib/ip-network";
import { createLogger, createServices, type Services } from "~/server/services.server";
import { resetSecondFactorFromServer } from "~/server/reset-second-factor.server";
import { advertClaimHandler, advertVisibilityHandler } from "./advert-claim";
import { advertImageHandler } from "./advert-images";
import { paystackWebhookHandler } from "./paystack-webhook";
import { requestIdOf, requestLog } from "./request-log";
import { workerMetrics } from "./cluster-metrics";
import { superviseWorkers } from "./workers";

export { loadConfig, createServices, createLogger, resetSecondFactorFromServer };
export type { Services, Config };

export type CreateAppOptions = {
  /**
   * The React Router build; defaults to the one bundled with this module. A function (Vite's
   * loader in development) is called on every request, so edits show without a restart; React
   * Router then rebuilds its route tables per request, which a fixed build avoids.
   */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's middleware in development; static files from build/client otherwise. */
  viteMiddleware?: RequestHandler;
};

const loadBundledBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/** The HTTP application: logs, metrics, health, security headers and guards, the advert claim, compression, static files, then React Router. */
export async function createApp(services: Services, options: CreateAppOptions = {}) {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  const metrics = createMetrics();

  app.use(requestLog(log, { ignore: (path) => path === "/healthz" || path.startsWith("/assets/") }));
  app.use(metrics.middleware);

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await withTimeout(services.database.ping(), 2_000);
      // Warnings (an unsafe database role, say) leave it ready: they are for the operator to fix.
      res.json({ status: "ready", database: "up", warnings: services.startupWarnings });
    } catch {
      res.status(503).json({ status: "unavailable", database: "down" });
    }
  });
  // Traffic and status mix are for the operator only: a bearer token here, or METRICS_PORT.
  if (config.metricsToken) app.get("/metrics", requireBearerToken(config.metricsToken), metrics.handler);

  app.use((_req, res, next) => {
    res.locals.cspNonce = nanoid(22); // 132 random bits, base64url (allowed in a CSP nonce)
    next();
  });
  app.use(securityHeaders(config));
  // Uploaded advert images: a read by primary key, already compressed (decision 024).
  app.get("/images/:id", advertImageHandler(services));
  app.use(limitRequestBody(MAX_BODY_BYTES, { paths: IMAGE_UPLOAD_PATHS, maxBytes: MAX_UPLOAD_BODY_BYTES }));
  // Authenticated by its signature, not by an origin: Paystack's servers send it.
  if (config.paystack) app.post("/webhooks/paystack", paystackWebhookHandler(services));
  app.use(rejectCrossOriginWrites(config));
  app.use(assignDeviceId(services.cookies.deviceId));
  // Before compression and the static files: its answers are a redirect or a few bytes of JSON.
  app.post("/adverts/:advertId/claim", advertClaimHandler(services));
  app.post("/adverts/:advertId/visibility", advertVisibilityHandler(services));
  app.use(compression());

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    const clientDir = path.resolve(process.cwd(), "build/client");
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(serveTopLevelFiles(clientDir));
  }

  // React Router rejects action posts whose Origin differs from the Host; behind a proxy the
  // public origin (APP_URL) is the one allowed.
  const prepare = (build: ServerBuild): ServerBuild => ({
    ...build,
    allowedActionOrigins: [config.appUrl.host],
    routes: withUnavailableAs503(build.routes),
  });
  const source = options.build ?? (await loadBundledBuild());
  const build = typeof source === "function" ? async () => prepare(await source()) : prepare(source);
  app.use(
    createRequestHandler({
      build,
      mode: config.nodeEnv === "development" ? "development" : "production",
      getLoadContext: (req, res): RequestContext => {
        const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
        return {
          services,
          cspNonce: String(res.locals.cspNonce),
          requestId: requestIdOf(res),
          clientIp,
          clientNetwork: networkOf(clientIp) ?? clientIp,
          deviceId: String(res.locals.deviceId),
          cache: {},
        };
      },
    }),
  );
  return Object.assign(app, { metricsHandler: metrics.handler });
}

/**
 * The browser's device id (app/server/device-id.server.ts) in `res.locals.deviceId`: the one its
 * cookie carries ("" without one), and a new one given with a page to a browser without it.
 * Files (assets, icons) never get one: the page they belong to already has.
 */
function assignDeviceId(cookie: DeviceIdCookie): RequestHandler {
  return (req, res, next) => {
    const known = cookie.read(req.headers.cookie);
    // Only an id the browser sent counts as its device: one given with this response may never
    // come back (a script that keeps no cookies would otherwise bring a new device every time).
    res.locals.deviceId = known ?? "";
    // Given with a page (a GET): the first visit is one; a form post or a claim comes after it.
    if (!known && req.method === "GET" && !req.path.startsWith("/assets/") && !/\.[a-z0-9]+$/i.test(req.path)) {
      res.append("Set-Cookie", cookie.issue().setCookie);
    }
    next();
  };
}

/** Answers 401 unless the request carries `Authorization: Bearer <token>`; compared in constant time. */
function requireBearerToken(token: string): RequestHandler {
  const expected = createHash("sha256").update(token).digest();
  return (req, res, next) => {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    const given = createHash("sha256")
      .update(match?.[1] ?? "")
      .digest();
    if (match && timingSafeEqual(given, expected)) return next();
    res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    res.status(401).type("text/plain").send("Unauthorized");
  };
}

/** `/metrics` alone, without a token, on its own port bound to the loopback interface. */
function listenForMetrics(port: number, handler: RequestHandler): Server {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", handler);
  return app.listen(port, "127.0.0.1");
}

/**
 * Every loader and action: "the database cannot be reached" becomes a 503 page (with
 * Retry-After) instead of a 500, whichever query hit it.
 */
function withUnavailableAs503(routes: ServerBuild["routes"]): ServerBuild["routes"] {
  type Handler = (args: never) => unknown;
  const wrap = <F extends Handler | undefined>(fn: F): F =>
    (fn &&
      (async (args: never) => {
        try {
          return await fn(args);
        } catch (err) {
          if (isDatabaseUnavailable(err)) throw serviceUnavailable();
          throw err;
        }
      })) as F;
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [
      id,
      route && {
        ...route,
        module: { ...route.module, loader: wrap(route.module.loader), action: wrap(route.module.action) },
      },
    ]),
  );
}

/**
 * The files copied from public/ (logo.svg, …). Only requests for one of them reach the file
 * system: a page request would otherwise cost a failed stat() each.
 */
function serveTopLevelFiles(clientDir: string): RequestHandler {
  const names = new Set(existsSync(clientDir) ? readdirSync(clientDir).filter((name) => name !== "assets") : []);
  const serve = express.static(clientDir, { maxAge: "1h", index: false });
  return (req, res, next) => (names.has(req.path.split("/")[1] ?? "") ? serve(req, res, next) : next());
}

/** Forms here are small; anything bigger is refused before a byte of it is buffered. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The forms that carry an advert's image (decision 024), posted as a plain form or by React
 * Router's script (`<path>.data`): a multipart body there may hold a 1 MB picture and the form.
 */
const IMAGE_UPLOAD_PATHS = new Set(
  ["/admin/adverts", "/admin/adverts/new", "/advertiser/campaigns"].flatMap((p) => [p, `${p}.data`]),
);
const MAX_UPLOAD_BODY_BYTES = 1_200 * 1024;

/** Refused here, the image is what was too big: the words the form would have said. */
const UPLOAD_TOO_LARGE = "The image must be 1 MB or smaller. Go back, choose a smaller picture and try again.";

type UploadAllowance = { paths: ReadonlySet<string>; maxBytes: number };

/** The declared length is checked (Node then reads no more than it); an upload route's multipart body may be bigger. */
function limitRequestBody(maxBytes: number, upload: UploadAllowance): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const uploading =
      upload.paths.has(req.path) && /^multipart\/form-data\s*;/i.test(req.headers["content-type"] ?? "");
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      // A streamed (chunked) body could be any size: ask for a declared length.
      if (req.headers["transfer-encoding"]) return void res.status(411).type("text/plain").send("Length Required");
      return next();
    }
    if (!/^\d+$/.test(declared) || Number(declared) > (uploading ? upload.maxBytes : maxBytes)) {
      res.setHeader("Connection", "close");
      return void res
        .status(413)
        .type("text/plain")
        .send(uploading ? UPLOAD_TOO_LARGE : "Payload Too Large");
    }
    next();
  };
}

/**
 * React Router checks the Origin of action posts only for routes with a page: resource routes
 * (POST /logout, /resend-confirmation) would run for any origin. This applies the same rule to
 * every state-changing request: an Origin header, when sent, must be this site's.
 */
function rejectCrossOriginWrites(config: Config): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    let host: string | null;
    try {
      host = origin === "null" ? null : new URL(origin).host;
    } catch {
      host = null;
    }
    if (host !== null && (host === req.headers.host || host === config.appUrl.host)) return next();
    res.status(400).type("text/plain").send("Bad Request");
  };
}

function securityHeaders(config: Config): RequestHandler {
  const https = config.appUrl.protocol === "https:";
  const dev = config.nodeEnv === "development";
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: dev, // Vite's dev client injects scripts without our nonce
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        // Uploaded images are 'self' (/images/…); blob: is the preview of a file being chosen (decision 024).
        "img-src": ["'self'", "https:", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(dev ? ["ws:"] : [])],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        // A form may lead (by its redirect) to the payment provider's checkout, nowhere else.
        "form-action": ["'self'", ...paymentCheckoutOrigins(config)],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Where "Pay online" redirects a form post: Paystack's hosted checkout, or the stand-in's own
 * checkout page when PAYSTACK_BASE_URL points at one. Browsers apply form-action to redirects.
 */
function paymentCheckoutOrigins(config: Config): string[] {
  if (!config.paystack) return [];
  const api = new URL(config.paystack.baseUrl).origin;
  return api === new URL(PAYSTACK_BASE_URL).origin ? [PAYSTACK_CHECKOUT_ORIGIN] : [PAYSTACK_CHECKOUT_ORIGIN, api];
}

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration",
    labelNames: ["method", "status"],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer({ method: req.method });
    res.on("finish", () => end({ status: String(res.statusCode) }));
    next();
  };
  // Under WEB_CONCURRENCY the primary adds up every worker's figures.
  const read = cluster.isWorker ? workerMetrics(registry) : () => registry.metrics();
  const handler: RequestHandler = async (_req, res) => {
    res.setHeader("Content-Type", registry.contentType);
    res.send(await read());
  };
  return { middleware, handler };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * `npm start` in production: this process serves alone, or with WEB_CONCURRENCY above 1 it
 * supervises that many workers that each run {@link startServer} on the same port.
 */
export async function serve(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    superviseWorkers(config.webConcurrency, createLogger(config));
    return;
  }
  await startServer();
}

/** Configuration, database, then listen; closes cleanly on SIGINT/SIGTERM. */
export async function startServer(options: CreateAppOptions = {}): Promise<{ server: Server; services: Services }> {
  const config = loadConfigOrExit();
  const log = createLogger(config);
  let services: Services;
  try {
    services = await createServices(config, { log });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseRoleError) {
      log.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(services, options);
  const server = app.listen(config.port, config.host, () => {
    log.info(`AdNaira is listening on http://${config.host}:${config.port} (public URL ${config.appUrl.origin})`);
  });
  const metricsServer =
    config.metricsPort === undefined ? undefined : listenForMetrics(config.metricsPort, app.metricsHandler);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Finish in-flight requests (at most 5 s) before the database goes away.
    metricsServer?.close();
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 5_000).unref();
    await drained;
    clearTimeout(force);
    await services.close().catch((err) => log.error({ err }, "error while closing"));
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
  return { server, services };
}
