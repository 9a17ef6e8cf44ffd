import type { Database } from "~/db/client.server";
import type { UpgradeRequest } from "~/db/schema";
import { expectPosted, transfer } from "~/domain/ledger/transfer.server";
import type { Kobo } from "~/domain/shared/money";

// Every ledger movement of an upgrade request (docs/money.md): each at most once, by its key.

/** The ledger key of each money movement of an upgrade request: at most one of each, ever. */
export const upgradeTransferKey = (requestId: string, step: "hold" | "release" | "payment") =>
  `upgrade:${requestId}:${step}`;

const reference = (requestId: string) => ({ type: "upgrade_request", id: requestId });

/**
 * A balance-paid request's price, available → held, when the request is made. Throws
 * InsufficientFundsError when the balance is short (nothing written).
 */
export async function holdUpgradePrice(
  tx: Database,
  request: { id: string; userId: string; priceKobo: Kobo },
): Promise<void> {
  const key = upgradeTransferKey(request.id, "hold");
  const result = await transfer(tx, {
    from: { userId: request.userId, kind: "available" },
    to: { userId: request.userId, kind: "held" },
    amountKobo: request.priceKobo,
    kind: "upgrade_hold",
    idempotencyKey: key,
    reference: reference(request.id),
  });
  expectPosted(result, key);
}

/** A balance-paid request's held price back to available (cancelled or rejected); nothing for other methods. */
export async function releaseUpgradePrice(tx: Database, request: UpgradeRequest): Promise<void> {
  if (request.method !== "balance") return;
  const key = upgradeTransferKey(request.id, "release");
  const result = await transfer(tx, {
    from: { userId: request.userId, kind: "held" },
    to: { userId: request.userId, kind: "available" },
    amountKobo: request.priceKobo,
    kind: "upgrade_release",
    idempotencyKey: key,
    reference: reference(request.id),
  });
  expectPosted(result, key);
}

/**
 * An approved request's price to membership revenue, from where it was paid: the member's held
 * balance, bank receipts (bank transfer) or provider clearing (paid online). One key per request,
 * whoever approves, so it is never booked twice.
 */
export async function bookUpgradePayment(tx: Database, request: UpgradeRequest): Promise<void> {
  const key = upgradeTransferKey(request.id, "payment");
  const result = await transfer(tx, {
    from:
      request.method === "balance"
        ? { userId: request.userId, kind: "held" }
        : { platform: request.method === "online" ? "provider_clearing" : "bank_receipts" },
    to: { platform: "membership_revenue" },
    amountKobo: request.priceKobo,
    kind: "upgrade_payment",
    idempotencyKey: key,
    reference: reference(request.id),
  });
  expectPosted(result, key);
}
