import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referrals, users } from "~/db/schema";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { createUser, membershipAdmin, setReceivingAccount, setReferralRule } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  submitRegistration,
  visit,
} from "./support/browser";

/**
 * A self-referral: someone registers through a member's link with the member's own Gmail address
 * written another way; their first upgrade is approved and the reward is held, not paid. The
 * member sees "On hold — under review" (the reason is for admins); an admin sees it under Held and releases it through the
 * confirmation dialog (another one is voided on a phone); the member then sees Approved.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

let n = 0;
/** `referrer`'s mailbox registers again through their link (in the browser), approved and upgraded. */
async function selfReferral(referrer: { referralCode: string; email: string }, name: string) {
  const [local] = referrer.email.split("@");
  const again = `${local!.replace(".", "").toUpperCase()}+again${++n}@googlemail.com`;
  const { page } = await suite.openAnother(MOBILE, `registering ${name}`);
  await visit(page, `/register?ref=${referrer.referralCode}`);
  await submitRegistration(page, { name, email: again, password: "Lagos-Harmattan-2024!" });
  await page.waitForURL((url) => url.pathname === "/login");
  const [referred] = await db().select().from(users).where(eq(users.email, again.toLowerCase()));
  await db().update(users).set({ isApproved: true, emailConfirmedAt: new Date() }).where(eq(users.id, referred!.id));
  await setReceivingAccount(db()); // bank transfer is offered only with one
  const r = await requestUpgrade(db(), { userId: referred!.id, tierId: "bronze", method: "bank_transfer" });
  if (r.status !== "ok") throw new Error(r.status);
  const approved = await approveUpgrade(db(), await membershipAdmin(db()), r.request.id);
  expect(approved).toMatchObject({ status: "ok", referral: { status: "held" } });
  return referred!;
}

describe("Held referral rewards", () => {
  it("holds a self-referral; the admin releases it through the dialog; the member sees Approved", async () => {
    await setReferralRule(db(), { active: true, type: "fixed", fixedKobo: 10_000n });
    const referrer = await createUser(db(), {
      name: "Ada Obi",
      email: `ada.obi.${Date.now().toString(36)}@gmail.com`,
      isApproved: true,
    });
    const released = await selfReferral(referrer, "Ada Again");
    const voided = await selfReferral(referrer, "Ada Once More");

    // The member, on a phone: both on hold, without the reason (that is for admins), nothing earned yet.
    const phone = (await signedInPage(suite, referrer, MOBILE)).page;
    await visit(phone, "/referrals");
    const cards = phone.getByTestId("referral-cards");
    await expect.poll(() => cards.getByText("On hold — under review").count()).toBe(2);
    expect(await cards.getByText("An admin reviews the reward before it is paid.").count()).toBe(2);
    expect(await phone.getByText("Same email address as the referrer").count()).toBe(0);
    expect(await phone.getByTestId("total-referral-earnings").innerText()).toBe("₦0.00");
    await expectFitsAndAccessible(phone, "referrals-on-hold-mobile");

    // The admin, on a desktop: the Held filter, the reason, Release through the dialog.
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_referrals"] });
    const desk = (await signedInPage(suite, admin, DESKTOP, { another: "admin" })).page;
    await visit(desk, "/admin/referrals");
    await desk.getByRole("link", { name: /^Held \(2\)/ }).click();
    await desk.waitForURL((url) => url.search === "?status=held");
    const row = desk.getByTestId(`referral-row-${released.email}`);
    await expect.poll(() => row.innerText()).toMatch(/On hold — under review\s+Same email address as the referrer/);
    await expectFitsAndAccessible(desk, "admin-referrals-held-desktop");
    await row.getByRole("link", { name: /^Release the held reward of ₦100\.00/ }).click();
    const dialog = desk.getByRole("alertdialog", { name: "Release held reward?" });
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.innerText()).toContain(
      "₦100.00 is paid to Ada Obi's available balance for referring Ada Again",
    );
    expect(desk.url()).toMatch(/\?status=held$/);
    await screenshot(desk, "admin-referrals-release-dialog-desktop");
    await dialog.getByRole("button", { name: "Release reward" }).click();
    await expectToast(desk, "Reward Released", {
      message: "₦100.00 has been paid to Ada Obi for referring Ada Again.",
      variant: "success",
    });
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => row.count()).toBe(0);
    const [stored] = await db().select().from(referrals).where(eq(referrals.referredId, released.id));
    expect(stored).toMatchObject({ status: "approved", reviewedById: admin.id });
    await dismissToast(desk);

    // Another admin on a phone voids the other: cards, the dialog, Void.
    const other = await createUser(db(), { role: "admin", permissions: ["manage_referrals"] });
    const adminPhone = (await signedInPage(suite, other, MOBILE, { another: "admin on a phone" })).page;
    await visit(adminPhone, "/admin/referrals?status=held");
    const card = adminPhone.getByTestId(`referral-card-${voided.email}`);
    await expect.poll(() => card.isVisible()).toBe(true);
    await expectFitsAndAccessible(adminPhone, "admin-referrals-held-mobile");
    await card.getByRole("link", { name: /^Void the held reward/ }).click();
    const voidDialog = adminPhone.getByRole("alertdialog", { name: "Void held reward?" });
    await voidDialog.waitFor({ state: "visible" });
    await expectFitsAndAccessible(adminPhone, "admin-referrals-void-dialog-mobile");
    await voidDialog.getByRole("button", { name: "Void reward" }).click();
    await expectToast(adminPhone, "Reward Voided", { variant: "success" });
    await expect.poll(() => adminPhone.getByText("No referrals found.").isVisible()).toBe(true);

    // The member sees Approved for the released one, Voided for the other, and the reward earned.
    await visit(phone, "/referrals");
    const releasedCard = cards.locator("li").filter({ hasText: "Ada Again" });
    await expect.poll(() => releasedCard.innerText()).toMatch(/Approved[\s\S]*₦100\.00/);
    expect(await cards.locator("li").filter({ hasText: "Ada Once More" }).innerText()).toContain("Voided");
    expect(await phone.getByTestId("total-referral-earnings").innerText()).toBe("₦100.00");
    await expectFitsAndAccessible(phone, "referrals-released-mobile");

    const memberDesk = (await signedInPage(suite, referrer, DESKTOP, { another: "member on a desktop" })).page;
    await visit(memberDesk, "/referrals");
    await expect.poll(() => memberDesk.getByTestId("referral").innerText()).toMatch(/Ada Again[\s\S]*Approved/);
    await expectFitsAndAccessible(memberDesk, "referrals-released-desktop");
  });

  it("before JavaScript: Release asks on the page, the plain form releases and says so", async () => {
    await setReferralRule(db(), { active: true, type: "fixed", fixedKobo: 10_000n });
    const referrer = await createUser(db(), {
      name: "Uche Nnam",
      email: `uche.nnam.${Date.now().toString(36)}@gmail.com`,
      isApproved: true,
    });
    const referred = await selfReferral(referrer, "Uche Again");
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_referrals"] });
    const bare = (await signedInPage(suite, admin, MOBILE, { javaScript: false })).page;
    await bare.goto("/admin/referrals?status=held");
    const card = bare.getByTestId(`referral-card-${referred.email}`);
    await card.getByRole("link", { name: /^Release the held reward/ }).click();
    await bare.waitForURL((url) => url.searchParams.get("decision") === "release");
    const question = bare.getByRole("region", { name: "Release held reward?" });
    expect(await question.innerText()).toContain("₦100.00 is paid to Uche Nnam's available balance");
    await screenshot(bare, "admin-referrals-release-nojs-mobile");
    await question.getByRole("button", { name: "Release reward" }).click();
    await bare.waitForURL((url) => url.search === "?status=held");
    expect((await bare.getByRole("status").innerText()).replace(/\s+/g, " ")).toBe(
      "Reward Released ₦100.00 has been paid to Uche Nnam for referring Uche Again.",
    );
    expect(await card.count()).toBe(0);
    const [stored] = await db().select().from(referrals).where(eq(referrals.referredId, referred.id));
    expect(stored).toMatchObject({ status: "approved", reviewedById: admin.id });
  });
});
