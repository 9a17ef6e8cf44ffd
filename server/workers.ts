import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { answerMetricsRequests } from "./cluster-metrics";

/** A worker that stops sooner than this after it started counts as a failed start. */
const QUICK_EXIT_MS = 10_000;
/** Failed starts in a row, per worker, that stop the whole server (a bad DATABASE_URL, say). */
const QUICK_EXITS_PER_WORKER = 3;
/** Workers still running this long after SIGTERM are killed. */
const STOP_GRACE_MS = 10_000;

/**
 * The primary process of `WEB_CONCURRENCY` > 1: forks that many workers, which share the port
 * (each accepts connections from the one listening socket) and each run the whole app with its
 * own database pool.
 * A worker that dies is replaced; workers that keep dying at start stop everything with exit 1,
 * so a supervisor (systemd, a container runtime) sees the failure instead of a restart loop.
 * SIGINT/SIGTERM (again and again, if need be): each worker finishes its requests and closes
 * (see startServer), then this exits.
 */
export function superviseWorkers(count: number, log: Logger): void {
  // The workers accept connections themselves, from the listening socket they share, instead of
  // the primary accepting each and passing it on (node's default, round-robin): a worker that
  // died holding a passed connection it had not yet taken left it open in the primary,
  // unanswered, for good (docs/decisions/022). Set before the first fork, which fixes it.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const startedAt = new Map<Worker, number>();
  const pendingForks = new Set<NodeJS.Timeout>();
  const maxQuickExits = QUICK_EXITS_PER_WORKER * count;
  let quickExits = 0;
  let stopping = false;

  const fork = () => {
    if (!stopping) startedAt.set(cluster.fork(), Date.now());
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    pendingForks.forEach(clearTimeout);
    const workers = alive();
    if (workers.length === 0) process.exit(code);
    cluster.on("exit", () => {
      if (alive().length === 0) process.exit(code);
    });
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill("SIGKILL");
    }, STOP_GRACE_MS).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    if (quickExits >= maxQuickExits) {
      log.fatal(
        { code, signal },
        `app workers keep stopping right after start (${quickExits} in a row); shutting down`,
      );
      stop(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "an app worker stopped; starting another");
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      fork();
    }, quickExits * 500); // back off while starts keep failing
    pendingForks.add(timer);
  });

  answerMetricsRequests();
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  log.info({ workers: count }, `starting ${count} app workers`);
  for (let i = 0; i < count; i++) fork();
}
