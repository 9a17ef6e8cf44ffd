import net from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";

type LogLine = {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number | null };
  responseTime?: number;
};

const lines: LogLine[] = [];
/** Everything written to the log, as written. */
let written = "";
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    written += chunk.toString("utf8");
    for (const text of chunk.toString("utf8").split("\n")) if (text) lines.push(JSON.parse(text) as LogLine);
    done();
  },
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ log: pino({ level: "info" }, sink) });
});
afterAll(async () => app?.close());

/** The lines logged for a request id (written once the answer has been sent, so waited for). */
async function logged(id: string): Promise<LogLine[]> {
  for (let waited = 0; waited < 2_000; waited += 20) {
    const found = lines.filter((line) => line.req?.id === id);
    if (found.length) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

describe("request log", () => {
  it("gives every request an id, echoes it in X-Request-Id and logs one line with method, URL, status and time", async () => {
    const res = await app.client().get("/login?next=%2Fdashboard");
    expect(res.status).toBe(200);
    const id = res.headers.get("X-Request-Id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line, ...more] = await logged(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { id, method: "GET", url: "/login?next=%2Fdashboard" },
      res: { statusCode: 200 },
    });
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("keeps a proxy's X-Request-Id when it looks like an id, and replaces one that does not", async () => {
    const kept = await app.client().get("/login", { "X-Request-Id": "edge-1234abcd" });
    expect(kept.headers.get("X-Request-Id")).toBe("edge-1234abcd");
    expect(await logged("edge-1234abcd")).toHaveLength(1);

    const replaced = await app.client().get("/login", { "X-Request-Id": "bad id; with spaces" });
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs the advert claim (served outside React Router) with its redirect, which has no body", async () => {
    const member = await createUser(app.services.db, { isApproved: true });
    const client = app.client();
    await client.login(member.email, member.password);
    const res = await client.post("/adverts/MadeUpAdvertId_000001/claim", {});
    expect(res.status).toBe(302);
    expect(res.body).toBe("");
    const [line] = await logged(res.headers.get("X-Request-Id")!);
    expect(line).toMatchObject({
      req: { method: "POST", url: "/adverts/MadeUpAdvertId_000001/claim" },
      res: { statusCode: 302 },
    });
  });

  it("logs a request whose client left before the answer as aborted, without a status", async () => {
    // A form post that promises 100 bytes and sends 10: the login action waits for the rest.
    const { hostname, port } = new URL(app.origin);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /login?abandoned=1 HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${app.origin}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=a%40b",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    for (
      let waited = 0;
      waited < 2_000 && !lines.some((line) => line.req?.url === "/login?abandoned=1");
      waited += 20
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(lines.filter((line) => line.req?.url === "/login?abandoned=1")).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "request aborted",
        req: expect.objectContaining({ method: "POST" }),
        res: { statusCode: null },
      }),
    ]);
  });

  it("never writes a one-time token from a link: the reset and confirmation links' token is [redacted]", async () => {
    const user = await createUser(app.services.db, { name: "Logged Lola", emailConfirmed: false });
    const client = app.client();
    await client.post("/forgot-password", { email: user.email });
    await client.post("/resend-confirmation", { email: user.email });
    const reset = await latestLink(app.services.db, user.email, "/reset-password");
    const confirm = await latestLink(app.services.db, user.email, "/confirm-email");
    const resetToken = reset.searchParams.get("token")!;
    const confirmToken = confirm.searchParams.get("token")!;
    expect(resetToken).toMatch(/^[\w-]{40,}$/);
    expect(confirmToken).toMatch(/^[\w-]{40,}$/);
    const urlLogged = async (res: { headers: Headers }) =>
      (await logged(res.headers.get("X-Request-Id")!))[0]?.req?.url;

    // The links as opened, a client-side visit's data request, and the forms, which post back to the link.
    const page = await client.get(`/reset-password?token=${resetToken}`);
    expect(pageText(page.body)).toContain("Choose a new password");
    expect(await urlLogged(page)).toBe("/reset-password?token=[redacted]");
    const data = await client.get(`/reset-password.data?token=${resetToken}`);
    expect(data.status).toBe(200);
    expect(await urlLogged(data)).toBe("/reset-password.data?token=[redacted]");
    const password = "harmattan-evening-akara-stand";
    const done = await client.post(`/reset-password?token=${resetToken}`, {
      token: resetToken,
      password,
      confirmPassword: password,
    });
    expect(done.status).toBe(302);
    expect(await urlLogged(done)).toBe("/reset-password?token=[redacted]");
    const opened = await client.get(`/confirm-email?token=${confirmToken}`);
    expect(opened.status).toBe(200);
    expect(await urlLogged(opened)).toBe("/confirm-email?token=[redacted]");
    const confirmed = await client.post(`/confirm-email?token=${confirmToken}&from=mail`, { token: confirmToken });
    expect(confirmed.status).toBe(302);
    expect(await urlLogged(confirmed)).toBe("/confirm-email?token=[redacted]&from=mail");

    // A payment's reference is no secret: Paystack's return keeps it.
    const back = await client.get("/membership/upgrade/paid?reference=UPG-LOGGED1&trxref=UPG-LOGGED1");
    expect(await urlLogged(back)).toBe("/membership/upgrade/paid?reference=UPG-LOGGED1&trxref=UPG-LOGGED1");

    expect(written).not.toContain(resetToken);
    expect(written).not.toContain(confirmToken);
  });

  it("does not log health checks", async () => {
    const res = await app.client().get("/healthz");
    expect(res.status).toBe(200);
    const id = res.headers.get("X-Request-Id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // A request after it is logged; by then the health check's line would have been too.
    const after = await app.client().get("/login");
    expect(await logged(after.headers.get("X-Request-Id")!)).toHaveLength(1);
    expect(lines.filter((line) => line.req?.id === id)).toEqual([]);
  });
});
