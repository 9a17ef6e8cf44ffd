import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withdrawals } from "~/db/schema";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createUser, formKey, payee, withdrawalAdmin } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import {
  DESKTOP,
  dismissToast,
  expectNoA11yViolations,
  expectToast,
  MOBILE,
  screenshot,
  signedInPage,
  visit,
} from "./support/browser";
import { setUpPaystackBrowserSuite } from "./support/paystack";

/**
 * An admin pays processing withdrawals through Paystack (the stand-in) on Withdrawal Requests:
 * one with its "Pay via Paystack" dialog, another ticked and paid with "Pay selected via
 * Paystack"; both show Sent with their transfer codes, at 360 px and 1280 px, axe clean.
 */
const { standin, suite, db } = await setUpPaystackBrowserSuite({ resolveAnyAccount: true });

async function processing(name: string, amountKobo: bigint) {
  const member = await payee(db(), { name, balanceKobo: 10_000n });
  const r = await requestWithdrawal(db(), { userId: member.id, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(r.status);
  await startProcessing(db(), await withdrawalAdmin(db()), r.withdrawal.id);
  return r.withdrawal;
}

describe("paying withdrawals through Paystack", () => {
  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`pays one from its dialog and another ticked, at ${label} width`, async () => {
      const one = await processing(`Chiamaka Transfer ${label}`, 2_000n);
      const two = await processing(`Babatunde Transfer ${label}`, 3_000n);
      const cashier = await createUser(db(), { role: "admin", permissions: ["manage_withdrawals"] });
      const { page } = await signedInPage(suite, { ...cashier, role: "admin" }, viewport);
      await visit(page, "/admin/withdrawals?status=processing");
      await page.getByRole("button", { name: "Pay selected via Paystack" }).waitFor();
      await screenshot(page, `paystack-transfers-processing-${label}`);
      await expectNoA11yViolations(page);

      await page.getByRole("button", { name: `Pay via Paystack withdrawal ${one.reference}`, exact: false }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByRole("heading", { name: "Pay via Paystack?" }).waitFor();
      await screenshot(page, `paystack-transfers-dialog-${label}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Pay via Paystack" }).click();
      await expectToast(page, "Transfer Sent", { message: one.reference, variant: "success" });
      await dismissToast(page);

      await page.getByRole("checkbox", { name: new RegExp(`Select withdrawal ${two.reference}`) }).check();
      await page.getByRole("button", { name: "Pay selected via Paystack" }).click();
      await expectToast(page, "Transfer Sent", { message: two.reference, variant: "success" });
      await dismissToast(page);

      await visit(page, "/admin/withdrawals?status=sent");
      const [sentOne] = await db().select().from(withdrawals).where(eq(withdrawals.id, one.id));
      expect(sentOne!.status).toBe("sent");
      await page.locator(`text=${sentOne!.transferCode!} >> visible=true`).first().waitFor();
      await screenshot(page, `paystack-transfers-sent-${label}`);
      await expectNoA11yViolations(page);

      for (const w of [one, two]) await standin.settleTransfer(`adnaira-${w.reference.toLowerCase()}-1`, "success");
      const [done] = await db().select().from(withdrawals).where(eq(withdrawals.id, two.id));
      expect(done!.status).toBe("completed");
      await expectLedgerReconciled(db());
    });
  }
});
