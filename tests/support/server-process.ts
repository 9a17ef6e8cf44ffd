import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/**
 * The built server (`node server.js`, what `npm start` runs) as a real child process, for tests
 * that need the process itself: whether it stays up, what it logs. Stop it with `stop()`.
 */
const root = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Starts the built server on a free port with `env` (plus production defaults); does not wait for
 * it. `detached`: in its own process group, as a terminal would start it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    detached: options.detached ?? false,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: origin,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    origin,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `check` every `intervalMs` until it returns something other than undefined. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The status of GET /readyz, or null when nothing answers. */
export const readyStatus = (origin: string) =>
  fetch(`${origin}/readyz`)
    .then(async (res) => {
      await res.text();
      return res.status;
    })
    .catch(() => null);

/** Live child processes of `pid` (Linux /proc): a primary's workers. */
export function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return ppid === String(pid) && state !== "Z";
      } catch {
        return false; // exited while we looked
      }
    })
    .map(Number);
}

export type ClusteredServer = ServerProcess & { primary: number; workers: number[] };

/**
 * The built server with WEB_CONCURRENCY=`workers` (its database and Redis in `env`), once it
 * answers /readyz and all its workers run; resolves with the primary's pid and the workers'.
 */
export async function startClusteredServer(
  env: Record<string, string>,
  options: { workers?: number; detached?: boolean } = {},
): Promise<ClusteredServer> {
  const count = options.workers ?? 2;
  const server = await startServerProcess({ ...env, WEB_CONCURRENCY: String(count) }, options);
  const primary = server.child.pid!;
  try {
    await until("the app to answer", async () => ((await readyStatus(server.origin)) === 200 ? true : undefined));
    const workers = await until(`${count} workers`, () => {
      const pids = childrenOf(primary);
      return pids.length === count ? pids : undefined;
    });
    return { ...server, primary, workers };
  } catch (err) {
    server.child.kill("SIGKILL");
    throw new Error(`${(err as Error).message}; its output:\n${server.output().slice(-3000)}`, { cause: err });
  }
}
