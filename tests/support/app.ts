import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino, { type Logger } from "pino";
import type { DatabaseHandle } from "~/db/client.server";
import type { MailTransport } from "~/domain/mail/outbox.server";
import type * as ServerModule from "../../server/app";
import { createTestDatabase } from "./database";

type ServerModuleType = typeof ServerModule;
export type Services = ServerModule.Services;

/** The production build (`npm run build`), exactly what `npm start` serves. */
async function loadBuiltServer(): Promise<ServerModuleType> {
  const file = pathToFileURL(path.resolve(process.cwd(), "build/server/index.js")).href;
  try {
    return (await import(/* @vite-ignore */ file)) as ServerModuleType;
  } catch (err) {
    throw new Error('Could not load build/server/index.js; run "npm run build" first.', { cause: err });
  }
}

/** The services of each test app running in this process, by origin (see servicesAt). */
const running = new Map<string, Services>();

/** The services of the test app at `origin` (a test helper's way to its database), if it runs here. */
export function servicesAt(origin: string): Services | undefined {
  return running.get(origin);
}

export type TestApp = {
  origin: string;
  services: Services;
  database: DatabaseHandle;
  client: () => HttpClient;
  close: () => Promise<void>;
};

export type StartTestAppOptions = {
  env?: Record<string, string>;
  database?: DatabaseHandle;
  mail?: MailTransport;
  /** The app's logger; by default silent (TEST_LOG_LEVEL to see it). */
  log?: Logger;
  /** One step of the login slow-down (see rate-limit.server.ts); 1 ms by default so tests stay quick. */
  slowDownStepMs?: number;
  /**
   * The host in the app's address (APP_URL): 127.0.0.1 by default; "localhost" for passkeys,
   * whose relying party must be a domain name, never an IP address (the server still listens on 127.0.0.1).
   */
  host?: "localhost";
};

/**
 * Starts the built app on 127.0.0.1 with a fresh database (see createTestDatabase).
 * Mail goes to the outbox and a silent log transport unless `mail` or SMTP_URL is given.
 */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const mod = await loadBuiltServer();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const config = mod.loadConfig({
    NODE_ENV: "test",
    APP_URL: origin,
    PORT: String(port),
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const log = options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const services = await mod.createServices(config, {
    log,
    database,
    mail: options.mail ?? (config.smtpUrl ? undefined : { kind: "log", send: async () => {} }),
    backgroundWork: false,
    rateLimits: { slowDownStepMs: options.slowDownStepMs ?? 1 },
  });
  server.on("request", await mod.createApp(services));
  running.set(origin, services);
  return {
    origin,
    services,
    database,
    client: () => new HttpClient(origin),
    async close() {
      running.delete(origin);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
    },
  };
}

/** A file as a form sends it: its bytes, the name it had on the phone and the type the browser declared. */
export type UploadFile = { bytes: Uint8Array; name: string; type?: string };

export type HttpResponse = { status: number; headers: Headers; body: string; location: string | null };

/** A tiny browser stand-in: keeps cookies, never follows redirects, posts forms from the same origin. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(
    method: string,
    pathname: string,
    init: { form?: Record<string, string>; multipart?: FormData; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader());
    let body: string | FormData | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      if (!headers.has("Origin")) headers.set("Origin", this.origin);
    } else if (init.multipart) {
      body = init.multipart; // fetch sets multipart/form-data with its boundary, and the length
      if (!headers.has("Origin")) headers.set("Origin", this.origin);
    }
    const res = await fetch(new URL(pathname, this.origin), { method, headers, body, redirect: "manual" });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = setCookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const location = res.headers.get("Location");
    return {
      status: res.status,
      headers: res.headers,
      body: await res.text(),
      location: location ? new URL(location, this.origin).pathname + new URL(location, this.origin).search : null,
    } satisfies HttpResponse;
  }

  get(pathname: string, headers?: Record<string, string>) {
    return this.request("GET", pathname, { headers });
  }

  post(pathname: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request("POST", pathname, { form, headers });
  }

  /**
   * Posts a form with files as a browser without JavaScript does (multipart/form-data). A file
   * input left empty is sent as browsers send it: an empty file with no name.
   */
  postMultipart(
    pathname: string,
    fields: Record<string, string>,
    files: Record<string, UploadFile | null> = {},
    headers?: Record<string, string>,
  ) {
    const multipart = new FormData();
    for (const [name, value] of Object.entries(fields)) multipart.append(name, value);
    for (const [name, file] of Object.entries(files)) {
      if (file) multipart.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "" }), file.name);
      else multipart.append(name, new Blob([], { type: "application/octet-stream" }), "");
    }
    return this.request("POST", pathname, { multipart, headers });
  }

  /** Signs in through the real login form (and the second factor's step, for staff); throws unless it redirects. */
  async login(email: string, password: string) {
    const { finishSignIn } = await import("./sign-in");
    const res = await finishSignIn(this, email, await this.post("/login", { email, password }));
    if (res.status !== 302) throw new Error(`login failed for ${email}: ${res.status}`);
    return res;
  }
}

/** Visible text of an HTML page: tags, React's text separators and scripts removed, spaces folded. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The toast a redirect carries (a signed cookie: base64 JSON, a dot, the signature); null when
 * there is none or the cookie clears it.
 */
export function redirectToast(res: { headers: Headers }): { type: string; title: string; description?: string } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("adnaira_toast="));
  const value = line ? decodeURIComponent(line.slice("adnaira_toast=".length).split(";")[0]!) : "";
  if (!value) return null;
  const payload = value.slice(0, value.lastIndexOf("."));
  const { type, title, description } = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Record<
    string,
    string
  >;
  return { type: type!, title: title!, description };
}

/** Status, redirect and the toast's words: what a form post's answer shows before its next page. */
export function redirectOutcome(res: HttpResponse) {
  return { status: res.status, location: res.location, toast: redirectToast(res) };
}

/** Status, redirect, the toast's words (the toast id differs per response) and the page text. */
export function visibleOutcome(res: HttpResponse) {
  return { status: res.status, location: res.location, toast: redirectToast(res), body: pageText(res.body) };
}

/**
 * The accessible name and description of the first dialog in a page's HTML, as the server sent it
 * (before any JavaScript): the text of the elements its aria-labelledby and aria-describedby name.
 */
export function dialogNameInHtml(html: string): { name: string | null; description: string | null } {
  const tag = /<[a-z]+[^>]*role="(?:alert)?dialog"[^>]*>/.exec(html)?.[0] ?? "";
  const textOf = (attribute: string) => {
    const id = new RegExp(`${attribute}="([^"]+)"`).exec(tag)?.[1];
    if (!id) return null;
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const element = new RegExp(`<([a-z0-9]+)[^>]*\\sid="${escaped}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
    return element ? pageText(element[2]!) : null;
  };
  return { name: textOf("aria-labelledby"), description: textOf("aria-describedby") };
}
