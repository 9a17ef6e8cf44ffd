import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "~test/app";

const TOKEN = "metrics-token-0123456789abcdefghijklmnop";

describe("/metrics on the app's port", () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    [open, guarded] = await Promise.all([startTestApp(), startTestApp({ env: { METRICS_TOKEN: TOKEN } })]);
  });
  afterAll(async () => Promise.all([open?.close(), guarded?.close()]));

  it("is not served at all without METRICS_TOKEN", async () => {
    const res = await open.client().get("/metrics");
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("http_request_duration_seconds");
  });

  it.each([
    ["no Authorization header", {}],
    ["a wrong token", { Authorization: "Bearer not-the-token-0123456789abcdefghijkl" }],
    ["the token without the Bearer scheme", { Authorization: TOKEN }],
    ["the token in another scheme", { Authorization: `Basic ${TOKEN}` }],
  ])("refuses a request with %s (401)", async (_what, headers: Record<string, string>) => {
    const res = await guarded.client().get("/metrics", headers);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.body).not.toContain("http_request_duration_seconds");
  });

  it("answers the bearer token with the Prometheus figures", async () => {
    await guarded.client().get("/login");
    const res = await guarded.client().get("/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",status="200"\} [1-9]/);
  });
});

describe("METRICS_PORT", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "adnaira-metrics-"));
  afterEach(() => void child?.kill("SIGKILL"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
      server.on("error", reject);
    });

  it("serves /metrics without a token on its own loopback port, and not on the app's", async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    child = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
      },
      stdio: "ignore",
    });
    const deadline = Date.now() + 100_000;
    let metrics: Response | undefined;
    while (!metrics && Date.now() < deadline) {
      metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => undefined);
      if (!metrics) await new Promise((r) => setTimeout(r, 200));
    }
    expect(metrics?.status).toBe(200);
    expect(await metrics!.text()).toContain("process_cpu_user_seconds_total");
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    // Only /metrics answers there.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/login`)).status).toBe(404);
  }, 120_000); // a fresh embedded database migrates at start: slow on a busy machine
});
