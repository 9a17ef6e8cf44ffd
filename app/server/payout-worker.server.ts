import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { sendNextQueuedPayout } from "~/domain/withdrawals/payout-queue.server";

/** Sends at once, each a different withdrawal (a job is one withdrawal, taken by one sender). */
const SENDERS = 3;
/** How often an idle worker looks for jobs queued by another process or left by a dead one. */
const POLL_MS = 5_000;

export type PayoutWorker = {
  /** A press or an automatic payout queued jobs: start sending now rather than at the next poll. */
  kick: () => void;
  /** Stops taking jobs and waits for the sends in progress (a send is never cut off half-way). */
  close: () => Promise<void>;
};

/**
 * The payout queue's worker, in the app process (app/domain/withdrawals/payout-queue.server.ts):
 * up to {@link SENDERS} loops, each taking the next job and sending it, until the queue is empty;
 * started by a kick and by a poll, which also takes over the jobs of a process that died (once
 * their lease runs out). A database outage stops the loops until the next poll.
 */
export function startPayoutWorker(options: {
  db: Database;
  provider: PaymentProvider;
  log: Logger;
  /** After each send: a completed transfer mails the member. */
  afterSend: () => void;
}): PayoutWorker {
  const { db, provider, log } = options;
  let closed = false;
  const loops = new Set<Promise<void>>();

  async function loop() {
    while (!closed) {
      let sent;
      try {
        sent = await sendNextQueuedPayout(db, provider);
      } catch (err) {
        log.warn({ err }, "sending a queued payout failed; it is taken again when its lease runs out");
        return;
      }
      if (!sent) return;
      log.info(
        { withdrawalId: sent.job.withdrawalId, outcome: sent.result.status, taken: sent.job.takenCount },
        "queued payout sent",
      );
      options.afterSend();
    }
  }

  const kick = () => {
    while (!closed && loops.size < SENDERS) {
      const running: Promise<void> = loop().finally(() => loops.delete(running));
      loops.add(running);
    }
  };

  const timer = setInterval(kick, POLL_MS).unref();
  kick();
  return {
    kick,
    async close() {
      closed = true;
      clearInterval(timer);
      await Promise.all(loops);
    },
  };
}
