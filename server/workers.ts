import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/** A worker that stops sooner than this after it started counts as a failed start. */
const QUICK_EXIT_MS = 10_000;
/** This many failed starts in a row (a bad database URL, a port in use…) stop the whole server. */
const MAX_QUICK_EXITS = 5;
/** Workers still running this long after SIGTERM are killed. */
const STOP_GRACE_MS = 10_000;

/**
 * The primary process of `WEB_CONCURRENCY` > 1: forks that many workers, which share the port
 * (node:cluster hands out connections) and each run the whole app with its own database pool.
 * A worker that dies is replaced; workers that keep dying at start stop everything with exit 1,
 * so a supervisor (systemd, a container runtime) sees the failure instead of a restart loop.
 * SIGINT/SIGTERM: each worker finishes its requests and closes (see startServer), then this exits.
 */
export function superviseWorkers(count: number, log: Logger): void {
  const startedAt = new Map<Worker, number>();
  let quickExits = 0;
  let stopping = false;

  const fork = () => startedAt.set(cluster.fork(), Date.now());
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = alive();
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill("SIGKILL");
    }, STOP_GRACE_MS).unref();
    cluster.on("exit", () => {
      if (alive().length === 0) process.exit(code);
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    if (quickExits >= MAX_QUICK_EXITS) {
      log.fatal({ code, signal }, `app workers keep stopping right after start (${quickExits} in a row); shutting down`);
      stop(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "an app worker stopped; starting another");
    setTimeout(fork, quickExits * 500); // back off while starts keep failing
  });
  process.once("SIGINT", () => stop(0));
  process.once("SIGTERM", () => stop(0));
  log.info({ workers: count }, `starting ${count} app workers`);
  for (let i = 0; i < count; i++) fork();
}
