import cluster from "node:cluster";
import client from "prom-client";

// With WEB_CONCURRENCY workers, a scrape of /metrics lands on one worker; that worker asks the
// primary, which gathers every worker's registry (prom-client's AggregatorRegistry) and answers
// with the sums, so counters do not jump between scrapes.

const REQUEST = "adnaira:metrics-request";
const RESULT = "adnaira:metrics-result";
type Result = { type: typeof RESULT; id: number; body?: string; error?: string };

/** Primary: answers workers' requests with every worker's metrics combined. */
export function answerMetricsRequests(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    const reply = (result: Omit<Result, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: RESULT, id: message.id, ...result });
    };
    aggregator.clusterMetrics().then(
      (body) => reply({ body }),
      (err: Error) => reply({ error: err.message }),
    );
  });
}

/** Worker: lets the primary read `registry`, and returns a function that reads everyone's. */
export function workerMetrics(registry: client.Registry): () => Promise<string> {
  client.AggregatorRegistry.setRegistries([registry]);
  new client.AggregatorRegistry(); // installs this worker's answer to the primary's collection
  let nextId = 0;
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => finish(new Error("the primary did not answer with metrics")), 6_000);
      const onMessage = (message: Result) => {
        if (message?.type === RESULT && message.id === id)
          finish(message.error ? new Error(message.error) : null, message.body);
      };
      const finish = (err: Error | null, body?: string) => {
        clearTimeout(timer);
        process.off("message", onMessage);
        if (err) reject(err);
        else resolve(body ?? "");
      };
      process.on("message", onMessage);
      process.send!({ type: REQUEST, id });
    });
}
