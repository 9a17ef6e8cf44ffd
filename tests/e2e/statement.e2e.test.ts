import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { referrals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { newId } from "~/domain/shared/ids";
import { completeWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { lagosDay } from "~/lib/lagos-time";
import { amountKobo, csvObjects } from "~test/csv";
import { createUser, formKey, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { DESKTOP, expectFitsAndAccessible, MOBILE, setUpBrowserSuite, signedInPage, visit } from "./support/browser";

/**
 * A member's statement at 360 px (one card per line) and 1280 px (a table): each movement with
 * its sign and the balance after it, a paid withdrawal's timeline, a held referral reward that
 * moves nothing, the CSV download, and the empty text.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
let admin: Actor | undefined;

async function memberWithHistory() {
  await setWithdrawalSettings(db(), { minKobo: 1_000n, maxKobo: 1_000_000n, feeBps: 200 });
  admin ??= await withdrawalAdmin(db());
  const m = await payee(db(), { balanceKobo: 150_000n, name: "Bisi Adewale" });
  const referred = await createUser(db(), { name: "Tunde Bakare" });
  await db().insert(referrals).values({
    id: newId(),
    referrerId: m.id,
    referredId: referred.id,
    referralCode: m.referralCode,
    status: "held",
    rewardKobo: 2_500n,
    holdReason: "Same network as the referrer",
  });
  const w = await requestWithdrawal(db(), { userId: m.id, amountKobo: 50_000n, idempotencyKey: formKey() });
  if (w.status !== "ok") throw new Error(w.status);
  await startProcessing(db(), admin, w.withdrawal.id);
  await completeWithdrawal(db(), admin, w.withdrawal.id);
  return { member: m, withdrawal: w.withdrawal };
}

describe("the statement", () => {
  for (const [label, viewport] of [
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`shows every movement with the running balance and a withdrawal's timeline (${label} px)`, async () => {
      const { member, withdrawal } = await memberWithHistory();
      const { page } = await signedInPage(suite, member, viewport);
      await visit(page, "/profile");
      await page.getByRole("link", { name: "See your full statement" }).first().click();
      await page.waitForURL((url) => url.pathname === "/statement");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Statement");

      const list = page.getByTestId(viewport === MOBILE ? "statement-cards" : "statement");
      await expect.poll(() => list.isVisible()).toBe(true);
      const text = await list.innerText();
      // The withdrawal left the balance once (−₦500.00); its payment is detail on held money.
      expect(text).toContain(`Withdrawal ${withdrawal.reference} requested: ₦490.00 to your bank, ₦10.00 fee`);
      expect(text).toContain("−₦500.00");
      expect(text).toContain(`Withdrawal ${withdrawal.reference} paid to your bank: ₦490.00 sent, ₦10.00 fee`);
      expect(text).toContain("Held money: your balance does not change");
      expect(text).not.toContain("−₦490.00");
      expect(text).toContain("Referral reward for Tunde Bakare on hold for review (not paid yet)");
      expect(text).toContain("Nothing yet: the reward is on hold");
      expect(text).toContain("+₦1,500.00");
      const timeline = page.getByRole("list", { name: `Withdrawal ${withdrawal.reference} timeline` });
      const timelineText = (await timeline.first().innerText()).replace(/\s+/g, " ");
      expect(timelineText).toMatch(/Requested .* Processing .* Paid/);
      await expectFitsAndAccessible(page, `statement-${label}`);

      // This month: nothing before it, ₦1,500 in, ₦500 out (the withdrawal, once), ₦1,000 left.
      const month = lagosDay(new Date()).slice(0, 7);
      await page.getByLabel("Period", { exact: true }).selectOption(month);
      await page.getByRole("button", { name: "Show" }).click();
      await page.waitForURL((url) => url.searchParams.get("month") === month);
      const figure = (id: string) => page.getByTestId(id).innerText();
      await expect.poll(() => figure("statement-closing")).toBe("₦1,000.00");
      expect([await figure("statement-opening"), await figure("statement-in"), await figure("statement-out")]).toEqual([
        "₦0.00",
        "₦1,500.00",
        "₦500.00",
      ]);

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`adnaira-statement-${month}.csv`);
      const rows = csvObjects(await readFile((await file.path())!, "utf8"));
      const total = (column: string) => rows.reduce((sum, row) => sum + amountKobo(row[column] ?? ""), 0n);
      expect([total("In (NGN)"), total("Out (NGN)")]).toEqual([150_000n, 50_000n]);
    });
  }

  it("says nothing has moved yet for a new member (360 px)", async () => {
    const member = await createUser(db(), { isApproved: true });
    const { page } = await signedInPage(suite, member, MOBILE);
    await visit(page, "/statement");
    await expect.poll(() => page.getByTestId("statement-empty").innerText()).toContain("No money has moved yet.");
    await expectFitsAndAccessible(page, "statement-empty-360");
  });
});
