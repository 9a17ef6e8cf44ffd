import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appSettings, upgradeRequests, users } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { advertAdmin, createUser, longAgo, postAdvert, setReceivingAccount } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  setUpBrowserSuite,
  signedInPage,
  signIn,
  submitRegistration,
  visit,
} from "./support/browser";
import { claimAnswering } from "~test/claims";

/**
 * The second money loop end to end, in the order people live it: A shares their link; B
 * registers through it, is approved, earns from an advert and pays for Bronze from the balance;
 * an admin approves; B can then claim past Basic's daily limit of 5; A sees the reward on
 * /referrals and in Referral Earnings. C asks for Bronze by bank transfer, sees the reference,
 * the admin rejects, and C sees the request gone and the mail saying so. Each person has their
 * own address (behind one trusted proxy), so the referral is not taken for a self-referral.
 */
const suite = setUpBrowserSuite({ env: { TRUST_PROXY: "1" } });
const db = () => suite.app.services.db;
const PASSWORD = "Lagos-Harmattan-2024!";

let admin: Awaited<ReturnType<typeof advertAdmin>>;
beforeAll(async () => {
  await db().update(appSettings).set({ advertDwellSeconds: 1 });
  await setReceivingAccount(db());
  admin = await advertAdmin(db());
});

/** Headers that make a page's requests come from `address` (through the trusted proxy). */
const from = (address: string) => ({ "X-Forwarded-For": address });

async function asPerson(page: Page, address: string) {
  await page.context().setExtraHTTPHeaders(from(address));
}

async function claimInBrowser(page: Page, title: string) {
  await page.getByRole("button", { name: `View Advert: ${title}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/adverts/"));
  await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
  await page.getByRole("button", { name: "Claim Reward" }).click();
  // The attention check: the advert's title, picked by its label, then the check's Claim Reward.
  const check = page.getByTestId("attention-check");
  await check.getByRole("radio", { name: title, exact: true }).check();
  await check.getByRole("button", { name: "Claim Reward" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
  await expectToast(page, "Reward Earned!", { variant: "success" });
  await dismissToast(page);
}

describe("membership upgrades and referral rewards, end to end", () => {
  it("A refers B; B earns, upgrades from the balance, is approved and claims past Basic's limit; A is paid", async () => {
    // A shares their link.
    const referrer = await createUser(db(), { name: "Amaka Referrer", isApproved: true });
    const { page: a } = await signedInPage(suite, referrer, MOBILE, { headers: from("198.51.100.10") });
    await visit(a, "/referrals");
    const link = await a.getByTestId("referral-link").innerText();
    expect(link).toBe(`${suite.app.origin}/register?ref=${referrer.referralCode}`);

    // B registers through it from another network, and is approved.
    const b = (await suite.openAnother(MOBILE, "B")).page;
    await asPerson(b, "203.0.113.20");
    await b.goto(link);
    await submitRegistration(b, { name: "Bola Referred", email: "bola.referred@example.ng", password: PASSWORD });
    await b.waitForURL((url) => url.pathname === "/login");
    const [bola] = await db().select().from(users).where(eq(users.email, "bola.referred@example.ng"));
    expect(bola!.referredById).toBe(referrer.id);
    await db().update(users).set({ isApproved: true, emailConfirmedAt: new Date() }).where(eq(users.id, bola!.id));

    // B earns ₦500.00 from one advert, and four more claims today reach Basic's 5.
    const paying = { title: "Jumia Black Friday", rewardKobo: 50_000n, maxClicks: 10 };
    await postAdvert(db(), admin, paying);
    for (let i = 0; i < 4; i++) {
      const id = await postAdvert(db(), admin, { title: `Earlier advert ${i + 1}`, rewardKobo: 100n });
      await startAdvertView(db(), bola!.id, id, longAgo());
      expect(await claimAnswering(db(), bola!.id, id)).toMatchObject({ status: "ok" });
    }
    await postAdvert(db(), admin, { title: "MTN Data Bonanza", rewardKobo: 100n });
    await signIn(b, "bola.referred@example.ng", PASSWORD);
    await dismissToast(b);
    await claimInBrowser(b, paying.title);
    expect(await b.getByTestId("stat-advert-clicks").innerText()).toContain("Today: 5 of 5 views used");
    await expect.poll(() => b.getByTestId("stat-available-balance").innerText()).toContain("₦504.00");

    // B pays for Bronze from the balance.
    await b.getByRole("button", { name: "Upgrade", exact: true }).click();
    const dialog = b.getByRole("dialog", { name: "Membership Upgrade" });
    await dialog.getByRole("radio", { name: /Advert Bronze/ }).check();
    await dialog.getByRole("radio", { name: /From my AdNaira balance/ }).check();
    await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();
    await expectToast(b, "Upgrade Requested", { variant: "success" });
    await dismissToast(b);
    await expect.poll(() => b.getByTestId("stat-available-balance").innerText()).toContain("₦4.00");
    await expectFitsAndAccessible(b, "journey-b-pending-mobile");

    // An admin approves it.
    const reviewer = await createUser(db(), { role: "admin", permissions: ["manage_memberships"] });
    const [request] = await db().select().from(upgradeRequests).where(eq(upgradeRequests.userId, bola!.id));
    const { page: adminPage } = await signedInPage(suite, reviewer, DESKTOP, {
      another: "admin",
      headers: from("192.0.2.30"),
    });
    await visit(adminPage, "/admin/memberships");
    await adminPage.getByRole("button", { name: new RegExp(`^Approve upgrade ${request!.reference}`) }).click();
    const confirm = adminPage.getByRole("alertdialog", { name: "Approve upgrade?" });
    await confirm.getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(adminPage, "Upgrade Approved", { variant: "success" });
    await dismissToast(adminPage);
    await expectFitsAndAccessible(adminPage, "journey-admin-approved-desktop");

    // B's limit rose at once: a sixth advert today is paid.
    await visit(b, "/dashboard");
    expect(await b.getByText("Advert Bronze").first().isVisible()).toBe(true);
    expect(await b.getByTestId("stat-advert-clicks").innerText()).toContain("Today: 5 of 10 views used");
    await claimInBrowser(b, "MTN Data Bonanza");
    expect(await b.getByTestId("stat-advert-clicks").innerText()).toContain("Today: 6 of 10 views used");

    // A sees the reward: 40% of the ₦500.00 B paid.
    await visit(a, "/referrals");
    const card = a.getByTestId("referral-cards").getByRole("listitem").first();
    await expect.poll(() => card.innerText()).toMatch(/Bola Referred[\s\S]*Approved[\s\S]*₦200\.00/);
    expect(await a.getByTestId("total-referral-earnings").innerText()).toBe("₦200.00");
    await expectFitsAndAccessible(a, "journey-a-referrals-mobile");
    await visit(a, "/dashboard");
    expect(await a.getByTestId("stat-referral-earnings").innerText()).toContain("₦200.00");
    await expectLedgerReconciled(db());
  });

  it("C asks by bank transfer, sees the reference; the admin rejects; C sees it", async () => {
    const chioma = await createUser(db(), { name: "Chioma Transfer", isApproved: true });
    const { page: c } = await signedInPage(suite, chioma, DESKTOP, { headers: from("203.0.113.40") });
    await c.getByRole("button", { name: "Upgrade", exact: true }).click();
    const dialog = c.getByRole("dialog", { name: "Membership Upgrade" });
    await dialog.getByRole("radio", { name: /Advert Bronze/ }).check();
    await dialog.getByRole("radio", { name: /By bank transfer/ }).check();
    await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();
    await expectToast(c, "Upgrade Requested", { variant: "success" });
    await dismissToast(c);
    const [request] = await db().select().from(upgradeRequests).where(eq(upgradeRequests.userId, chioma.id));
    expect(request!.reference).toMatch(/^UPG-[0-9A-Z]{8}$/);
    await expect.poll(() => c.getByTestId("upgrade-reference").innerText()).toBe(request!.reference);
    await expectFitsAndAccessible(c, "journey-c-bank-transfer-desktop");

    const reviewer = await createUser(db(), { role: "admin", permissions: ["manage_memberships"] });
    const { page: adminPage } = await signedInPage(suite, reviewer, MOBILE, {
      another: "admin",
      headers: from("192.0.2.31"),
    });
    await visit(adminPage, "/admin/memberships");
    await adminPage
      .getByTestId(`upgrade-card-${request!.reference}`)
      .getByRole("button", { name: new RegExp(`^Reject upgrade ${request!.reference}`) })
      .click();
    const confirm = adminPage.getByRole("alertdialog", { name: "Reject upgrade?" });
    await confirm.getByRole("button", { name: "Reject", exact: true }).click();
    await expectToast(adminPage, "Upgrade Rejected", {
      message: "The membership upgrade request has been rejected.",
      variant: "success",
    });
    await expectFitsAndAccessible(adminPage, "journey-admin-rejected-mobile");

    // C: the request is gone from the dashboard (Upgrade is offered again) and the mail says why.
    await visit(c, "/dashboard");
    expect(await c.getByTestId("pending-upgrade").count()).toBe(0);
    expect(await c.getByRole("button", { name: "Upgrade", exact: true }).isVisible()).toBe(true);
    const mails = await emailsTo(db(), chioma.email);
    expect(mails.some((m) => /rejected/i.test(m.subject) && m.textBody.includes(request!.reference))).toBe(true);
    await expectLedgerReconciled(db());
  });
});
