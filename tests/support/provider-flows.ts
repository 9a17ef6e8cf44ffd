import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { providerTransfers, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { checkUpgradePayment, payUpgradeOnline } from "~/domain/memberships/pay-online.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import type { Kobo } from "~/domain/shared/money";
import { payWithdrawalByTransfer } from "~/domain/withdrawals/pay-by-transfer.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { settleTransferEvent } from "~/domain/withdrawals/settle-transfer.server";
import { formKey, member, payee } from "./factories";
import type { PaystackStandin } from "./paystack";

/**
 * Money through the Paystack stand-in, as the app moves it: an upgrade paid online (or failed,
 * abandoned, or paid the wrong amount and held) and a withdrawal paid by transfer (and reversed by
 * the bank, and paid again). Each report is applied as the webhook would apply it, with no webhook
 * sent, so a test reading the database after the call sees it settled.
 */
export type ProviderFlows = { db: Database; provider: PaymentProvider; standin: PaystackStandin };

/** What the member does at Paystack's checkout: pays, fails, leaves it, or pays the wrong amount (held). */
export type CheckoutEnd = "success" | "failed" | "abandoned" | "held";

const CALLBACK_URL = "http://localhost:3000/membership/upgrade/paid";

/**
 * A member's pending online upgrade to `tierId` (Bronze by default) with its checkout opened, and
 * what happened there, verified with the stand-in as "Check payment" does; `"open"` leaves the
 * member at the checkout.
 */
export async function upgradeOnline(
  { db, provider, standin }: ProviderFlows,
  end: CheckoutEnd | "open",
  options: { name?: string; tierId?: string } = {},
) {
  const who = await member(db, { name: options.name });
  const requested = await requestUpgrade(db, {
    userId: who.id,
    tierId: options.tierId ?? "bronze",
    method: "online",
    onlinePayments: true,
  });
  if (requested.status !== "ok") throw new Error(`upgradeOnline: ${requested.status}`);
  const { request } = requested;
  const checkout = await payUpgradeOnline(db, provider, {
    userId: who.id,
    requestId: request.id,
    callbackUrl: CALLBACK_URL,
  });
  if (checkout.status !== "redirect") throw new Error(`upgradeOnline: ${checkout.status}`);
  if (end !== "open") {
    // The stand-in's checkout is "abandoned" until a button is pressed there.
    if (end !== "abandoned") {
      await standin.completePayment(checkout.reference, {
        outcome: end === "held" ? "success" : end,
        webhook: false,
        // Less than asked: Paystack took the money, AdNaira holds it for an admin.
        ...(end === "held" ? { amountKobo: request.priceKobo - 100n } : {}),
      });
    }
    const settled = await checkUpgradePayment(db, provider, { userId: who.id, reference: checkout.reference });
    const expected = { success: "booked", held: "held", failed: "not-paid", abandoned: "not-paid" }[end];
    if (settled.status !== expected) throw new Error(`upgradeOnline(${end}): settled ${settled.status}`);
  }
  const fees = standin.transaction(checkout.reference)?.fees;
  return {
    member: who,
    request,
    reference: checkout.reference,
    /** What Paystack kept of a paid one (0 otherwise). */
    feeKobo: end === "success" || end === "held" ? BigInt(fees ?? 0) : 0n,
  };
}

/** What the bank answers to one transfer: paid, refused, or (after paying it) returned. */
export type TransferEnd = "success" | "failed" | "reversed";

/**
 * A member's withdrawal of `amountKobo` (from a balance of twice that), started by `admin` and
 * paid by transfer through the stand-in, the bank answering `ends` in turn: "success" and
 * "failed" send a new transfer and settle it so, "reversed" returns the last paid one.
 * `["success", "reversed", "success"]` is a transfer paid, returned by the bank, and paid again.
 */
export async function withdrawalByTransfer(
  { db, provider, standin }: ProviderFlows,
  admin: Actor,
  amountKobo: Kobo,
  ends: TransferEnd[],
) {
  const who = await payee(db, { balanceKobo: amountKobo * 2n });
  const requested = await requestWithdrawal(db, { userId: who.id, amountKobo, idempotencyKey: formKey() });
  if (requested.status !== "ok") throw new Error(`withdrawalByTransfer: ${requested.status}`);
  const { withdrawal } = requested;
  // Paystack knows the member's account (whatever the stand-in was started with).
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
  standin.setAccount(row!.bankCode, row!.accountNumber, row!.accountHolderName);
  const started = await startProcessing(db, admin, withdrawal.id);
  if (started.status !== "ok") throw new Error(`withdrawalByTransfer: ${started.status}`);
  for (const end of ends) {
    if (end !== "reversed") {
      const sent = await payWithdrawalByTransfer(db, provider, withdrawal.id);
      if (sent.status !== "sent") throw new Error(`withdrawalByTransfer: ${sent.status}`);
    }
    const [attempt] = await db
      .select()
      .from(providerTransfers)
      .where(eq(providerTransfers.withdrawalId, withdrawal.id))
      .orderBy(desc(providerTransfers.attempt))
      .limit(1);
    const data = await standin.settleTransfer(attempt!.reference, end, { webhook: false });
    await settleTransferEvent(db, attempt!.id, {
      event: `transfer.${end}`,
      transfer: {
        reference: attempt!.reference,
        transferCode: data.transfer_code,
        outcome: end,
        amountKobo: BigInt(data.amount),
        currency: "NGN",
        failureReason: end === "success" ? null : (data.gateway_response ?? null),
      },
    });
  }
  return { member: who, withdrawal };
}
