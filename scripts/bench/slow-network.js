// The bench's slow-network phase (docs/performance.md, "Slow network"): Debian's Chromium through
// playwright-core, emulating a congested 3G cell on a cheap Android phone (400 ms round trip,
// 400 kbit/s down and up, CPU slowed 4×, 360 × 740 viewport), loads the landing page, the login
// page and a member's dashboard cold (a new browser context per load: empty cache, no cookies
// but the member's session on the dashboard), LOADS times each, and reports medians of Largest
// Contentful Paint, First Contentful Paint, the load event, when the last JavaScript file
// arrived, when React finished hydrating, and (dashboard) when View Advert was in the page and
// rendered. One more dashboard load with every JavaScript request refused proves View Advert
// works without JavaScript: it opens the advert, and Claim Reward (dwell 0 s in the bench seed)
// pays and comes back to the dashboard.
import { existsSync } from "node:fs";
import { median } from "./lib.js";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LOADS = Number(process.env.BENCH_SLOW_LOADS ?? 5);
/** BENCH_SLOW_WATERFALL=1: log every resource of each page's first load (start, first byte, end, bytes). */
const WATERFALL = process.env.BENCH_SLOW_WATERFALL === "1";
const LCP_TARGET_MS = 2_500;
/** A congested 3G cell (Network.emulateNetworkConditions: bytes per second, ms). */
const NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 360, height: 740 };
const VIEW_ADVERT = 'button[aria-label^="View Advert"]';

/**
 * Runs in every page before its own scripts. Times are ms since the navigation started.
 * - LCP and FCP: PerformanceObservers (buffered), the last LCP candidate and its element.
 * - hydrated: React's first commit of the root once it is no longer dehydrated, seen through the
 *   hook React DOM calls on every commit when React DevTools is installed
 *   (`__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot`, called in production builds too).
 * - viewAdvert: when the first View Advert button was in the document (`inDom`) and then when it
 *   had a box and was visible at an animation frame, i.e. rendered (`visible`): from then it
 *   works, as a plain form post.
 */
function instrument() {
  const m = { lcp: null, lcpElement: "", lcpSize: 0, fcp: null, hydrated: null, inDom: null, visible: null };
  window.__slowNetwork = m;
  const describe = (el) =>
    el
      ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}` : ""}`
      : "";
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        m.lcp = e.startTime;
        m.lcpElement = describe(e.element);
        m.lcpSize = e.size;
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "first-contentful-paint") m.fcp = e.startTime;
    }).observe({ type: "paint", buffered: true });
  } catch {
    // no observer: the figures stay null
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => {
      if (m.hydrated === null && root?.current?.memoizedState?.isDehydrated === false) m.hydrated = performance.now();
    },
  };
  const watch = () => {
    const el = document.querySelector('button[aria-label^="View Advert"]');
    if (!el) return false;
    m.inDom ??= performance.now();
    requestAnimationFrame(() => {
      const box = el.getBoundingClientRect();
      if (m.visible === null && box.width > 0 && box.height > 0 && getComputedStyle(el).visibility === "visible")
        m.visible = performance.now();
      else if (m.visible === null) setTimeout(watch, 20);
    });
    return true;
  };
  const observer = new MutationObserver(() => {
    if (watch()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Read once the page has loaded and hydrated (or given up on it). */
function collect() {
  const m = window.__slowNetwork;
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const js = resources.filter((r) => new URL(r.name).pathname.endsWith(".js"));
  const blocking = resources.filter((r) => r.renderBlockingStatus === "blocking");
  const short = (r) => new URL(r.name).pathname.replace("/assets/", "");
  return {
    ...m,
    load: nav?.loadEventEnd || null,
    htmlEnd: nav?.responseEnd ?? null,
    htmlBytes: nav?.transferSize ?? 0,
    jsLoaded: js.length ? Math.max(...js.map((r) => r.responseEnd)) : null,
    jsFiles: js.length,
    jsBytes: js.reduce((s, r) => s + r.transferSize, 0),
    blocking: blocking.map((r) => ({ file: short(r), end: r.responseEnd, bytes: r.transferSize })),
    waterfall: resources.map((r) => ({
      file: short(r),
      start: r.startTime,
      firstByte: r.responseStart,
      end: r.responseEnd,
      bytes: r.transferSize,
      blocking: r.renderBlockingStatus === "blocking",
    })),
  };
}

const cookieOf = (header, url) => {
  const at = header.indexOf("=");
  return { name: header.slice(0, at), value: header.slice(at + 1), url };
};

async function openThrottled(browser, appUrl, cookie) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-NG",
    timezoneId: "Africa/Lagos",
  });
  if (cookie) await context.addCookies([cookieOf(cookie, appUrl)]);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** One cold load: navigate, wait for the load event and hydration (at most 60 s), read the figures. */
async function coldLoad(browser, appUrl, pagePath, cookie) {
  const { context, page } = await openThrottled(browser, appUrl, cookie);
  try {
    const res = await page.goto(appUrl + pagePath, { waitUntil: "load", timeout: 120_000 });
    if (!res || res.status() !== 200) throw new Error(`GET ${pagePath}: HTTP ${res?.status()}`);
    if (new URL(page.url()).pathname !== pagePath) throw new Error(`GET ${pagePath} ended at ${page.url()}`);
    await page
      .waitForFunction(() => window.__slowNetwork.hydrated !== null, null, { timeout: 60_000, polling: 100 })
      .catch(() => {});
    if (pagePath === "/dashboard")
      await page
        .waitForFunction(() => window.__slowNetwork.visible !== null, null, { timeout: 10_000, polling: 100 })
        .catch(() => {});
    await page.waitForTimeout(300); // a last LCP candidate painted at hydration
    return await page.evaluate(collect);
  } finally {
    await context.close();
  }
}

const statText = async (page, testId) =>
  (
    await page
      .getByTestId(testId)
      .innerText({ timeout: 5_000 })
      .catch(() => "")
  )
    .replace(/\s+/g, " ")
    .trim();

/**
 * The dashboard with every *.js request refused (as before JavaScript has arrived): click View
 * Advert, check the advert page, post Claim Reward, check the dashboard counted it.
 */
async function withoutJavaScript(browser, appUrl, cookie) {
  const { context, page } = await openThrottled(browser, appUrl, cookie);
  const refused = [];
  await page.route(
    (url) => url.pathname.endsWith(".js"),
    (route) => {
      refused.push(new URL(route.request().url()).pathname);
      return route.abort();
    },
  );
  const steps = [];
  const started = Date.now();
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    await page.goto(`${appUrl}/dashboard`, { waitUntil: "load", timeout: 120_000 });
    const clicksBefore = await statText(page, "stat-advert-clicks");
    const balanceBefore = await statText(page, "stat-available-balance");
    const button = page.locator(VIEW_ADVERT).first();
    const label = (await button.getAttribute("aria-label")) ?? "";
    const title = label.replace(/^View Advert:\s*/, "");
    steps.push(
      `${at()} dashboard loaded, ${refused.length} JavaScript requests refused; "${label}" visible: ${await button.isVisible()}`,
    );
    await Promise.all([page.waitForURL(/\/adverts\/[^/]+$/, { timeout: 60_000 }), button.click()]);
    await page.waitForLoadState("load");
    const heading = ((await page.locator("h1").textContent()) ?? "").trim();
    const claim = page.getByRole("button", { name: "Claim Reward" });
    const advertOk = heading === title && (await claim.isVisible()) && (await claim.isEnabled());
    steps.push(
      `${at()} POST View Advert → ${new URL(page.url()).pathname}: h1 "${heading}", Claim Reward enabled: ${advertOk}`,
    );
    await Promise.all([page.waitForURL(/\/dashboard$/, { timeout: 60_000 }), claim.click()]);
    await page.waitForLoadState("load");
    const clicksAfter = await statText(page, "stat-advert-clicks");
    const balanceAfter = await statText(page, "stat-available-balance");
    const claimOk = clicksAfter !== clicksBefore && balanceAfter !== balanceBefore;
    steps.push(
      `${at()} POST Claim Reward → ${new URL(page.url()).pathname}: advert clicks "${clicksBefore}" → "${clicksAfter}", available balance "${balanceBefore}" → "${balanceAfter}"`,
    );
    const hydrated = await page.evaluate(() => window.__slowNetwork.hydrated);
    const ok = advertOk && claimOk && hydrated === null && refused.length > 0;
    steps.push(`JavaScript refused: ${refused.length} requests, React never hydrated: ${hydrated === null}`);
    return { ok, steps };
  } catch (err) {
    steps.push(`${at()} failed: ${err.message.split("\n")[0]}`);
    return { ok: false, steps };
  } finally {
    await context.close();
  }
}

const ms = (n) => (n === null || n === undefined || Number.isNaN(n) ? "—" : Math.round(n).toLocaleString("en-US"));
const spread = (xs) => {
  const v = xs.filter(Number.isFinite);
  if (!v.length) return "—";
  return `${ms(median(v))} (${ms(Math.min(...v))}–${ms(Math.max(...v))})`;
};
const medianOf = (xs) => {
  const v = xs.filter(Number.isFinite);
  return v.length === xs.length ? median(v) : null;
};

function table(rows, header) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r) =>
    r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * The slow-network phase. `appUrl`: the app's origin; `cookie`: a member's session cookie
 * ("name=value"), for the dashboard. Returns the report's lines and the verdicts (LCP ≤ 2.5 s per
 * page, View Advert usable before JavaScript finished), or `skipped` when Chromium is missing.
 */
export async function slowNetworkPhase({ appUrl, cookie, log = console.log }) {
  if (!existsSync(CHROMIUM)) {
    const skipped = `slow-network phase skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
    log(skipped);
    return { skipped, lines: [skipped], verdicts: [] };
  }
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const pages = [
    { name: "landing", path: "/", cookie: null },
    { name: "login", path: "/login", cookie: null },
    { name: "dashboard", path: "/dashboard", cookie },
  ];
  const loads = {};
  let proof;
  try {
    for (let i = 1; i <= LOADS; i++) {
      for (const p of pages) {
        const r = await coldLoad(browser, appUrl, p.path, p.cookie);
        (loads[p.name] ??= []).push(r);
        log(
          `slow network ${i}/${LOADS} ${p.name.padEnd(9)} LCP ${ms(r.lcp)} ms (${r.lcpElement || "?"})  FCP ${ms(r.fcp)}  load ${ms(r.load)}  JS loaded ${ms(r.jsLoaded)}  hydrated ${ms(r.hydrated)}` +
            (p.name === "dashboard" ? `  View Advert in DOM ${ms(r.inDom)}, rendered ${ms(r.visible)}` : ""),
        );
        if (WATERFALL && i === 1)
          for (const w of r.waterfall)
            log(
              `  ${w.file.padEnd(40)} start ${ms(w.start).padStart(5)}  first byte ${ms(w.firstByte).padStart(5)}  end ${ms(w.end).padStart(5)}  ${String(w.bytes).padStart(6)} B${w.blocking ? "  render-blocking" : ""}`,
            );
      }
    }
    proof = await withoutJavaScript(browser, appUrl, cookie);
    log(`slow network without JavaScript: ${proof.ok ? "View Advert and Claim Reward worked" : "FAILED"}`);
  } finally {
    await browser.close();
  }

  const verdicts = [];
  const rows = pages.map(({ name }) => {
    const rs = loads[name];
    const lcp = medianOf(rs.map((r) => r.lcp));
    const ok = lcp !== null && lcp <= LCP_TARGET_MS;
    verdicts.push(ok);
    return [
      name,
      spread(rs.map((r) => r.lcp)),
      spread(rs.map((r) => r.fcp)),
      spread(rs.map((r) => r.load)),
      spread(rs.map((r) => r.jsLoaded)),
      spread(rs.map((r) => r.hydrated)),
      name === "dashboard" ? spread(rs.map((r) => r.visible)) : "—",
      `LCP ≤ ${ms(LCP_TARGET_MS)}`,
      ok ? "PASS" : "FAIL",
    ];
  });
  const dash = loads.dashboard;
  // Usable before JavaScript finished: rendered before hydration in every load, and the proof.
  const before = dash.every((r) => r.visible !== null && r.hydrated !== null && r.visible < r.hydrated);
  const usable = before && proof.ok;
  verdicts.push(usable);
  const first = (name) => loads[name][0];
  const lines = [
    `Slow network: Chromium ${CHROMIUM}, ${NETWORK.latency} ms round trip, ${(NETWORK.downloadThroughput * 8) / 1000} kbit/s down and ${(NETWORK.uploadThroughput * 8) / 1000} up, CPU ${CPU_SLOWDOWN}× slower, ${VIEWPORT.width} × ${VIEWPORT.height};`,
    `${LOADS} cold loads per page; ms since navigation start, median (min–max). JS loaded = last *.js response end (Resource Timing);`,
    "hydrated = React's first commit after hydration (DevTools hook); View Advert = first button rendered (in the DOM, with a box, at a frame).",
    table(rows, ["page", "LCP", "FCP", "load event", "JS loaded", "hydrated", "View Advert", "target", "result"]),
    ...pages.map(({ name }) => {
      const f = first(name);
      return `  ${name}: LCP element ${f.lcpElement || "?"}; HTML ${f.htmlBytes} B (ends ${ms(f.htmlEnd)}), ${f.jsFiles} JS files ${f.jsBytes} B; render-blocking: ${f.blocking.map((b) => `${b.file} ${b.bytes} B (ends ${ms(b.end)})`).join(", ") || "none"}`;
    }),
    `View Advert usable before JavaScript finished: ${usable ? "yes" : "no"} (rendered before hydration in ${dash.filter((r) => r.visible !== null && r.hydrated !== null && r.visible < r.hydrated).length}/${dash.length} loads, median ${ms(medianOf(dash.map((r) => (r.hydrated ?? NaN) - (r.visible ?? NaN))))} ms earlier; without JavaScript: ${proof.ok ? "works" : "FAILED"})`,
    ...proof.steps.map((s) => `  no JS: ${s}`),
  ];
  return { lines, verdicts, loads, proof };
}
