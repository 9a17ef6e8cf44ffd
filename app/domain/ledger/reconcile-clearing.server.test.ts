import { describe, expect, it } from "vitest";
import { openTestDatabase } from "~test/database";
import { reconcile } from "./reconcile.server";
import { transfer } from "./transfer.server";

// reconcile() proves the money at the payment provider: the provider_clearing account against the
// settled payments (provider_payments) less the settlements booked (provider_settlements). Anything
// booked through clearing without a settled payment or settlement behind it is a discrepancy.

const { db } = await openTestDatabase();

describe("reconcile: money at the payment provider", () => {
  it("agrees when nothing has moved through the provider, and reports clearing booked without a payment", async () => {
    expect((await reconcile(db)).providerClearingMismatch).toBeNull();
    await db.transaction((tx) =>
      transfer(tx, {
        from: { platform: "provider_clearing" },
        to: { platform: "membership_revenue" },
        amountKobo: 50_000n,
        kind: "upgrade_payment",
        idempotencyKey: "test:clearing-without-payment",
      }),
    );
    const report = await reconcile(db);
    expect(report.status).toBe("discrepancies");
    expect(report.providerClearingMismatch).toEqual({ ledgerKobo: 50_000n, paymentsKobo: 0n });
  });

  it("reports a settlement booked without the provider's settlement behind it", async () => {
    const before = (await reconcile(db)).providerClearingMismatch!;
    await db.transaction((tx) =>
      transfer(tx, {
        from: { platform: "bank_receipts" },
        to: { platform: "provider_clearing" },
        amountKobo: 20_000n,
        kind: "provider_settlement",
        idempotencyKey: "test:settlement-without-record",
      }),
    );
    expect((await reconcile(db)).providerClearingMismatch).toEqual({
      ledgerKobo: before.ledgerKobo - 20_000n,
      paymentsKobo: 0n,
    });
  });
});
