import net from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

type LogLine = {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number | null };
  responseTime?: number;
};

const lines: LogLine[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
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
