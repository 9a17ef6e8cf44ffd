import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "~/db/client.server";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { createEmptyPostgresDatabase, usingPostgres } from "~test/database";
import { emailsTo } from "~/domain/mail/outbox.server";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";
import { dataRequestUrl } from "~test/routes";

/**
 * A TCP proxy in front of the PostgreSQL server: closing it (and cutting its open connections)
 * is a database outage as the app sees it; listening again on the same port ends the outage.
 */
class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  get isOpen() {
    return this.server !== null;
  }

  constructor(private readonly target: { host: string; port: number }) {}

  async open(port = this.port) {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
        socket.on("close", () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async close() {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }
}

describe("database outage", () => {
  let app: TestApp | undefined;
  let proxy: TcpProxy | undefined;
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    if (proxy && !proxy.isOpen && proxy.port) await proxy.open().catch(() => undefined); // let the pool close cleanly
    await app?.close();
    await proxy?.close();
    await drop?.();
  });

  it.runIf(usingPostgres())("answers 503 while PostgreSQL is unreachable and recovers when it is back", async () => {
    const empty = (await createEmptyPostgresDatabase())!;
    drop = empty.drop;
    const server = new URL(process.env.DATABASE_URL!);
    proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    await proxy.open(0);
    const viaProxy = new URL(empty.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    // createServices migrates and seeds this empty database through the proxy.
    app = await startTestApp({ database: openPostgres(viaProxy.href, undefined, { max: 5 }) });

    const user = await createUser(app.services.db, { name: "Steady Sola" });
    const client = app.client();
    await client.login(user.email, user.password);
    expect((await client.get("/dashboard")).status).toBe(200);
    expect((await client.get("/readyz")).status).toBe(200);

    await proxy.close();

    const ready = await client.get("/readyz");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ database: "down" });

    const dashboard = await client.get("/dashboard");
    expect(dashboard.status).toBe(503);
    expect(pageText(dashboard.body)).toContain("AdNaira is temporarily unavailable. Please try again in a moment.");
    expect(dashboard.headers.get("Retry-After")).toBe("5");

    // A client-side navigation's data request: 503 with Retry-After too.
    const dashboardData = await client.get(dataRequestUrl("/dashboard"));
    expect(dashboardData.status).toBe(503);
    expect(dashboardData.headers.get("Retry-After")).toBe("5");
    expect(dashboardData.body).toContain("AdNaira is temporarily unavailable");

    const landing = await app.client().get("/");
    expect(landing.status).toBe(503);

    // Form posts that reach the database answer 503 too, not 500.
    const login = await app.client().post("/login", { email: user.email, password: user.password });
    expect(login.status).toBe(503);
    expect(pageText(login.body)).toContain("AdNaira is temporarily unavailable");
    // More sign-ins from this address than its limit of failures (30): none was a wrong password.
    for (let i = 0; i < 31; i++) {
      expect((await app.client().post("/login", { email: user.email, password: user.password })).status).toBe(503);
    }
    const logout = await client.post("/logout", {}); // signed in: ending the session needs the database
    expect(logout.status).toBe(503);
    expect(logout.headers.get("Retry-After")).toBe("5");
    // The advert claim (served outside React Router) too, in both of its answers.
    const claim = await client.post("/adverts/SomeAdvertId/claim", {});
    expect(claim.status).toBe(503);
    expect(claim.body).toContain("AdNaira is temporarily unavailable");
    expect(claim.headers.get("Retry-After")).toBe("5");
    const claimAsScript = await client.post("/adverts/SomeAdvertId/claim", {}, { Accept: "application/json" });
    expect(claimAsScript.status).toBe(503);
    expect(JSON.parse(claimAsScript.body)).toEqual({
      message: "AdNaira is temporarily unavailable. Please try again in a moment.",
    });

    // Password resets that met the outage (more than the account's 3 an hour) sent nothing…
    for (let i = 0; i < 4; i++) {
      expect((await app.client().post("/forgot-password", { email: user.email })).status).toBe(503);
    }

    // The process is alive and still serving.
    expect((await client.get("/healthz")).status).toBe(200);
    // The session survives the outage.
    expect(client.cookies.has("adnaira_session")).toBe(true);

    await proxy.open(); // same port

    const readyAgain = await client.get("/readyz");
    expect(readyAgain.status).toBe(200);
    const dashboardAgain = await client.get("/dashboard");
    expect(dashboardAgain.status).toBe(200);
    expect(pageText(dashboardAgain.body)).toContain("Welcome, Steady Sola!");
    // The sign-ins that met the outage did not use up the address's limit.
    const signIn = await app.client().post("/login", { email: user.email, password: user.password });
    expect(signIn.status).toBe(302);
    // …and did not use up the account's mail allowance: the next request sends the link.
    expect((await app.client().post("/forgot-password", { email: user.email })).status).toBe(302);
    expect((await emailsTo(app.services.db, user.email)).map((m) => m.subject)).toHaveLength(1);
    await expect(latestLink(app.services.db, user.email, "/reset-password")).resolves.toBeInstanceOf(URL);
  });
});
