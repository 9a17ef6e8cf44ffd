import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referrals, users } from "~/db/schema";
import { HOLD_REASONS } from "~/domain/referrals/referral-abuse";
import { newId } from "~/domain/shared/ids";
import { moderateUser } from "~/domain/users/moderate-user.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createUser, formKey, payee } from "~test/factories";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * A member's page for admins at 360 px (cards) and 1280 px (tables): reached from Manage Users by
 * the member's name; their profile, balances, referrals with a held one's reason, withdrawals,
 * an address another member used too (linked), and Restrict posted to Manage Users' action.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

async function memberWithHistory(tag: string) {
  const member = await payee(db(), { name: `Adaeze Okafor ${tag}`, balanceKobo: 400_000n });
  const friend = await createUser(db(), { name: `Emeka Held ${tag}` });
  const twin = await createUser(db(), { name: `Chinedu Twin ${tag}` });
  const n = tag === "360" ? 1 : 2;
  await db()
    .update(users)
    .set({ signupIp: `102.89.3${n}.10`, recentLoginIps: [`2c0f:f5c0:44${n}:1a2b::/64`, `102.89.3${n}.11`] })
    .where(eq(users.id, member.id));
  await db()
    .update(users)
    .set({ signupIp: `2c0f:f5c0:44${n}:1a2b:1:2:3:4` })
    .where(eq(users.id, twin.id));
  await db().insert(referrals).values({
    id: newId(),
    referrerId: member.id,
    referredId: friend.id,
    referralCode: member.referralCode,
    status: "held",
    rewardKobo: 5_000n,
    holdReason: HOLD_REASONS.linked,
  });
  const asked = await requestWithdrawal(db(), { userId: member.id, amountKobo: 50_000n, idempotencyKey: formKey() });
  if (asked.status !== "ok") throw new Error(asked.status);
  return { member, twin, withdrawal: asked.withdrawal };
}

describe("a member's page for admins", () => {
  for (const [label, viewport] of [
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`shows who they are, their money and histories, and restricts them (${label} px)`, async () => {
      const { member, twin, withdrawal } = await memberWithHistory(label);
      const admin = await createUser(db(), { role: "admin", permissions: ["manage_users"], name: "Musa Admin" });
      // Restricted and unrestricted by an admin earlier: the status history says who.
      for (const change of ["restrict", "unrestrict"] as const) {
        const actor = { id: admin.id, role: "admin" as const, permissions: admin.permissions };
        await moderateUser(db(), actor, member.id, change, suite.app.services.config.appUrl);
      }
      const { page } = await signedInPage(suite, { ...admin, role: "admin" }, viewport);
      await visit(page, `/admin/users?q=${encodeURIComponent(member.email)}`);
      await page.getByRole("link", { name: member.name }).first().click();
      await page.waitForURL((url) => url.pathname === `/admin/users/${member.id}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(member.name);

      const text = await page.locator("main").innerText();
      expect(text).toContain("₦3,500.00"); // available
      expect(text).toContain("₦500.00"); // held for the withdrawal
      expect(text).toContain("₦4,000.00"); // earned
      expect(text).toContain("User unrestricted");
      expect(text).toContain(HOLD_REASONS.linked);
      expect(text).toContain(withdrawal.reference);
      expect(text).toContain("Shared with 1 other member");
      // The shared IPv6 /64 links to the other member's page.
      const twinLink = page.getByRole("link", { name: twin.name });
      await expect.poll(() => twinLink.getAttribute("href")).toBe(`/admin/users/${twin.id}`);
      await expectFitsAndAccessible(page, `admin-member-page-${label}`);

      await page.getByRole("button", { name: "Restrict" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Restrict" }).click();
      await expectToast(page, "User Restricted");
      await expect.poll(() => page.locator("main").innerText()).toContain("User restricted");
      const [row] = await db().select({ isRestricted: users.isRestricted }).from(users).where(eq(users.id, member.id));
      expect(row?.isRestricted).toBe(true);
    });
  }

  it("is the app's Page Not Found for an unknown member (360 px)", async () => {
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_users"] });
    const { page } = await signedInPage(suite, { ...admin, role: "admin" }, MOBILE);
    const res = await page.goto(`${suite.app.origin}/admin/users/NoSuchMember_00000001`);
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/not found/i);
  });
});
