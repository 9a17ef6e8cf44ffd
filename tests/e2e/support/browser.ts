import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { AxeResults, Result as AxeViolation } from "axe-core";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Role } from "~/domain/permissions/permissions";
import { servicesAt, startTestApp, type StartTestAppOptions, type TestApp } from "~test/app";
import { codeNow, enrolmentCode, keyOnEnrolPage, mintRecoveryCode, unusedCode } from "~test/second-factor";

/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser download does not
 * work here). CHROMIUM_PATH overrides the binary.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export const MOBILE = { width: 360, height: 800 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export type BrowserSession = {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors (hydration mismatches, CSP violations, ...). */
  errors: string[];
  close: () => Promise<void>;
};

/** `javaScript: false`: a browser before (or without) the page's script, as on a slow network. */
export type PageOptions = { javaScript?: boolean };

/**
 * A fresh context (no cookies) with one page whose errors are collected. HTTP error statuses
 * are not collected: failed logins (401), form errors (400) and the 404 page log them by design.
 */
export async function openPage(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number } = DESKTOP,
  options: PageOptions = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    baseURL: origin,
    viewport,
    deviceScaleFactor: 1,
    locale: "en-NG",
    timezoneId: "Africa/Lagos",
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if (/^Failed to load resource: the server responded with a status of \d+/.test(text)) return;
    errors.push(`console.error: ${text}`);
  });
  return { context, page, errors, close: () => context.close() };
}

/**
 * Resolves once React has hydrated the document (client handlers are attached). Hydration
 * stamps React's internal keys on the DOM nodes it adopts.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Navigates and waits for hydration. */
export async function visit(page: Page, pathname: string) {
  const response = await page.goto(pathname, { waitUntil: "load" });
  await waitForHydration(page);
  return response;
}

/** The Radix Toast viewport (an ARIA region labelled "Notifications (F8)"). */
export const toastRegion = (page: Page): Locator => page.getByRole("region", { name: "Notifications (F8)" });

/** The toast currently shown (one at a time). */
export const currentToast = (page: Page): Locator => toastRegion(page).locator("li[data-state='open']");

/** Waits for the toast with this title and returns it; checks the message and variant when given. */
export async function expectToast(
  page: Page,
  title: string,
  expected: { message?: string; variant?: "success" | "error" | "info" } = {},
): Promise<Locator> {
  const toast = currentToast(page).filter({ hasText: title });
  await toast.waitFor({ state: "visible" });
  const text = (await toast.innerText()).replace(/\s+/g, " ").trim();
  if (!text.startsWith(title)) throw new Error(`toast "${text}" does not start with the title "${title}"`);
  if (expected.message !== undefined && !text.includes(expected.message)) {
    throw new Error(`toast "${text}" lacks the message "${expected.message}"`);
  }
  if (expected.variant) {
    const variant = await toast.getAttribute("data-variant");
    if (variant !== expected.variant) throw new Error(`toast "${title}" is ${variant}, expected ${expected.variant}`);
  }
  return toast;
}

/**
 * Opens /login, fills in the form and presses Log In, without waiting for the answer. With
 * `javaScript: false` the page has no script, so it does not wait for hydration either.
 */
export async function submitLogin(page: Page, email: string, password: string, options: PageOptions = {}) {
  if (options.javaScript === false) await page.goto("/login");
  else await visit(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

/**
 * Signs in through the login form and waits for the page after the redirect, which is
 * rendered once its "Login Successful" toast shows. Staff (and members who turned it on) pass
 * the second factor's step on the way (passSecondFactor).
 */
export async function signIn(page: Page, email: string, password: string, expectedPath = "/dashboard") {
  await submitLogin(page, email, password);
  await passSecondFactor(page, email, expectedPath);
  await page.waitForURL((url) => url.pathname === expectedPath);
  await currentToast(page).filter({ hasText: "Login Successful" }).waitFor({ state: "visible" });
}

const SECOND_FACTOR_STEPS = ["/login/enrol", "/login/verify"];

/**
 * After the password: when the login went to the second factor's step, takes it as a person
 * does, with an authenticator app (tests/support/second-factor.ts): at the first sign-in, reads
 * the key off the enrolment page, enters the app's code and goes on past the recovery codes;
 * at the next, enters the app's code. Otherwise waits for `expectedPath`.
 */
export async function passSecondFactor(page: Page, email: string, expectedPath: string) {
  await page.waitForURL((url) => url.pathname === expectedPath || SECOND_FACTOR_STEPS.includes(url.pathname));
  const step = new URL(page.url()).pathname;
  if (step === "/login/enrol") {
    await page.getByRole("heading", { name: "Set up two-step verification" }).waitFor();
    const key = keyOnEnrolPage(await page.locator("main").innerText());
    await page.getByLabel("Authentication code").fill(await enrolmentCode(email, key));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
  } else if (step === "/login/verify") {
    await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
    const code = codeNow(email);
    const services = servicesAt(new URL(page.url()).origin);
    if (code || !services) {
      await page.getByLabel("Authentication code").fill(code ?? (await unusedCode(email)));
    } else {
      // This moment's codes are spent (signed in again within 30 seconds): a recovery code made for it.
      await page.getByText("Use a recovery code instead").click();
      await page.getByLabel("Recovery code").fill(await mintRecoveryCode(services.db, email));
    }
    await page.getByRole("button", { name: "Verify" }).click();
  }
}

/** Fills in the register form on the page (Confirm Password as Password unless given) and presses Sign Up. */
export async function submitRegistration(
  page: Page,
  person: { name: string; email: string; password: string; confirmPassword?: string },
) {
  await page.getByLabel("Full Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm Password").fill(person.confirmPassword ?? person.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

/** A registration whose Confirm Password differs from its Password (refused with Password Mismatch). */
export const MISMATCHED_REGISTRATION = {
  name: "Emeka Nwosu",
  email: "emeka@example.ng",
  password: "Naira-Rewards-2024!",
  confirmPassword: "something-else-1",
};

/** Where each role's login lands. */
const LANDING: Record<Role, string> = {
  user: "/dashboard",
  admin: "/admin",
  advertiser: "/advertiser",
  super_admin: "/superadmin",
};

/** Someone to sign in as: a user row, or credentials (a member's unless `role` says otherwise). */
export type Persona = { email: string; password: string; role?: Role };

export type SignedInPageOptions = PageOptions & {
  /** Opens the page with `suite.openAnother` under this label, alongside the test's own page. */
  another?: string;
  /** Leaves the Login Successful toast open, for a test that looks at it. */
  keepToast?: boolean;
  /** Sent with every request of the page from the sign-in on (X-Forwarded-For behind a trusted proxy, say). */
  headers?: Record<string, string>;
};

/**
 * A page at `viewport` on which `persona` signed in through the login form, on the page their
 * login lands on with its Login Successful toast dismissed (unless `keepToast`). With
 * `javaScript: false` the page has no script and signs in as such a browser does, with the
 * form's plain post.
 */
export async function signedInPage(
  suite: BrowserSuite,
  persona: Persona,
  viewport: { width: number; height: number },
  options: SignedInPageOptions = {},
): Promise<BrowserSession> {
  const { another, keepToast, headers, ...pageOptions } = options;
  const session = another
    ? await suite.openAnother(viewport, another, pageOptions)
    : await suite.open(viewport, pageOptions);
  if (headers) await session.context.setExtraHTTPHeaders(headers);
  const landing = LANDING[persona.role ?? "user"];
  if (pageOptions.javaScript === false) {
    await submitLogin(session.page, persona.email, persona.password, pageOptions);
    await passSecondFactor(session.page, persona.email, landing);
    await session.page.waitForURL((url) => url.pathname === landing);
    return session;
  }
  await signIn(session.page, persona.email, persona.password, landing);
  if (!keepToast) await dismissToast(session.page);
  return session;
}

/** Closes the current toast with its close button and waits until it is gone. */
export async function dismissToast(page: Page) {
  const toast = currentToast(page);
  await toast.getByRole("button", { name: "Close" }).click();
  await toast.waitFor({ state: "detached" });
}

export const SCREENSHOT_DIR = path.resolve(process.cwd(), "test-artifacts/screenshots");

/**
 * Screenshot saved as test-artifacts/screenshots/<name>.png: the full page, or only the viewport
 * with `fullPage: false` (for open dialogs: fixed overlays cover the viewport, not the page).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: "disabled" });
  return file;
}

/** Widths of the document and the viewport, to detect horizontal scrolling. */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

const AXE_PATH = path.resolve(process.cwd(), "node_modules/axe-core/axe.min.js");
let axeSource: Promise<string> | undefined;

/**
 * Runs axe-core on the page and returns violations of serious or critical impact.
 * axe is evaluated through the DevTools protocol rather than page.addScriptTag: the app's
 * CSP (script-src with a nonce) rightly blocks an injected inline script, and the check
 * should run against the real headers rather than a context with CSP bypassed.
 */
export async function seriousA11yViolations(
  page: Page,
  options: { disableRules?: string[] } = {},
): Promise<AxeViolation[]> {
  axeSource ??= readFile(AXE_PATH, "utf8");
  await page.evaluate(`${await axeSource}\n;void 0`);
  const rules = Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }]));
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    { rules },
  );
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Fails with a readable list when the page has a serious or critical axe violation. */
export async function expectNoA11yViolations(page: Page, options: { disableRules?: string[] } = {}) {
  const violations = await seriousA11yViolations(page, options);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** The page does not scroll sideways at its width, is saved as a screenshot, and has no serious axe violation. */
export async function expectFitsAndAccessible(page: Page, name: string) {
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, name).toBeLessThanOrEqual(overflow.clientWidth);
  await screenshot(page, name);
  await expectNoA11yViolations(page);
}

/** A readable summary of axe violations for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("\n")}`,
    )
    .join("\n");
}

/**
 * A CSS colour property of an element as [r, g, b], resolved through a canvas so that
 * oklch() values (Tailwind 4) compare like any other colour.
 */
export async function rgbOf(
  locator: Locator,
  property: "backgroundColor" | "color" | "borderColor",
): Promise<[number, number, number]> {
  return locator.evaluate((el, prop) => {
    const value = getComputedStyle(el)[prop];
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = value;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  }, property);
}

/** Hue in degrees (0-360) of an RGB colour; NaN for greys. */
export function hueOf([r, g, b]: [number, number, number]): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return Number.NaN;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/**
 * One app and one browser per test file. Each test opens its page with `suite.open`; after
 * the test the page closes and any error seen in the browser fails it. `appOptions` go to
 * startTestApp (e.g. env SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD for a configured super admin).
 * `suite.openAnother` opens further people (each in its own context, so its own cookies) for
 * tests where several sign in at once; they close after the test, and their errors count too.
 */
export type BrowserSuite = ReturnType<typeof setUpBrowserSuite>;

export function setUpBrowserSuite(appOptions: StartTestAppOptions = {}) {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let session: BrowserSession | undefined;
  let others: { label: string; session: BrowserSession }[] = [];
  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(appOptions), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(async () => {
    const errors = [
      ...(session?.errors ?? []),
      ...others.flatMap(({ label, session: other }) => other.errors.map((e) => `[${label}] ${e}`)),
    ];
    await Promise.all([session?.close(), ...others.map(({ session: other }) => other.close())]);
    session = undefined;
    others = [];
    expect(errors, "errors in the browser").toEqual([]);
  });
  return {
    get app(): TestApp {
      if (!app) throw new Error("the app has not started");
      return app;
    },
    async open(viewport: { width: number; height: number }, options: PageOptions = {}): Promise<BrowserSession> {
      await session?.close();
      session = await openPage(browser!, this.app.origin, viewport, options);
      return session;
    },
    /** Another person's page in a context of its own, alongside the one from `open`. */
    async openAnother(
      viewport: { width: number; height: number },
      label = `page ${others.length + 2}`,
      options: PageOptions = {},
    ): Promise<BrowserSession> {
      const other = await openPage(browser!, this.app.origin, viewport, options);
      others.push({ label, session: other });
      return other;
    },
  };
}
