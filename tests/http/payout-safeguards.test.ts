import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings, auditLog, bankAccounts, users, withdrawals } from "~/db/schema";
import { emailsTo } from "~/domain/mail/outbox.server";
import { QUEUE_REFUSALS } from "~/domain/withdrawals/payout-queue.server";
import { pageText, redirectToast, type HttpClient, type TestApp } from "~test/app";
import { GTB, GTB_ACCOUNT } from "~test/bank-accounts";
import { creditUser, setBankDetails } from "~test/factories";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import { payoutJobsOf, readyForAutoPayout } from "~test/payouts";
import { signInAdmin, signInMember } from "~test/sign-in";

/**
 * Payouts only to the owner (issue 39): a withdrawal to bank details changed in the last hours,
 * or to an account in another person's name, is never paid automatically; the change's mail
 * links to a page that freezes payouts until an admin releases them. Over HTTP, as a browser
 * without JavaScript posts the forms, with Paystack's stand-in.
 */

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
  await db()
    .update(appSettings)
    .set({ autoPayoutMaxKobo: 5_000n, autoPayoutDailyMaxKobo: null })
    .where(eq(appSettings.id, 1));
});
afterAll(async () => close?.());

const db = () => app.services.db;
const hidden = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
const rowOf = async (id: string) => (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

/** A member of a week named `name`, paid into week-old bank details in their own name, with ₦100. */
async function establishedMember(name: string) {
  const signedIn = await signInMember(app, { name, landed: true });
  await setBankDetails(db(), signedIn.user.id, { accountHolderName: name.toUpperCase(), accountNumber: "0234567894" });
  await readyForAutoPayout(db(), signedIn.user.id);
  await creditUser(db(), signedIn.user.id, 10_000n);
  return signedIn;
}

/** "Check account" then "Confirm and save" on the profile, as the form posts them. */
async function changeBankDetails(client: HttpClient, password: string) {
  const checked = await client.post("/profile/bank-details", {
    intent: "check",
    bankCode: GTB,
    accountNumber: GTB_ACCOUNT,
    currentPassword: password,
  });
  expect(checked.status).toBe(200);
  const saved = await client.post("/profile/bank-details", {
    intent: "confirm",
    confirmation: hidden(checked.body, "confirmation")!,
  });
  expect(saved.status).toBe(302);
}

/** The withdraw form on the profile, with the key the page rendered. */
async function withdraw(client: HttpClient, amount: string) {
  const key = hidden((await client.get("/profile")).body, "idempotencyKey");
  const res = await client.post("/profile/withdraw", { amount, idempotencyKey: key! });
  expect(res.status).toBe(302);
  return res;
}

const newestWithdrawalOf = async (userId: string) =>
  (await db().select().from(withdrawals).where(eq(withdrawals.userId, userId))).sort(
    (a, b) => b.requestedAt.getTime() - a.requestedAt.getTime(),
  )[0]!;

describe("a change of bank details by someone else", () => {
  it("holds the next withdrawal for an admin, says until when, and lets the member freeze payouts until an admin releases them", async () => {
    const { client, user } = await establishedMember("Chinedu Eze");
    // Whoever holds the session puts in an account the bank resolves in another person's name.
    standin.setAccount(GTB, GTB_ACCOUNT, "MUSA IBRAHIM");
    await changeBankDetails(client, user.password);
    expect((await db().select().from(bankAccounts).where(eq(bankAccounts.userId, user.id)))[0]).toMatchObject({
      accountHolderName: "MUSA IBRAHIM",
      holderNameMatches: false,
    });
    const [mail] = await emailsTo(db(), user.email);
    expect(mail?.subject).toBe("Your AdNaira bank details were changed");
    expect(mail?.textBody).toContain("{app}/payouts/freeze");

    const transfersBefore = standin.counts.transfersCreated;
    const asked = await withdraw(client, "20");
    const toast = redirectToast(asked)?.description ?? "";
    expect(toast).toContain(
      "Your bank details changed recently, so an admin checks this withdrawal before it is paid.",
    );
    expect(toast).toMatch(
      /Withdrawals you request from \d{1,2} \w{3} \d{4}, \d{2}:\d{2} can be paid automatically again\./,
    );
    const held = await newestWithdrawalOf(user.id);
    expect(held).toMatchObject({ status: "pending", autoPayHold: "bank-details-changed" });
    expect(await payoutJobsOf(db(), held.id)).toEqual([]);
    expect(standin.counts.transfersCreated).toBe(transfersBefore);

    // The review queue says why, with both names to compare.
    const withdrawalsAdmin = await signInAdmin(app, ["manage_withdrawals"]);
    const queue = pageText((await withdrawalsAdmin.client.get(`/admin/withdrawals?q=${held.reference}`)).body);
    expect(queue).toContain("Not paid automatically: bank details changed shortly before");
    expect(queue).toContain("MUSA IBRAHIM");
    expect(queue).toContain("Chinedu Eze");

    // The mail's page: a GET shows the button and changes nothing; a forged cross-site post is refused.
    const page = await client.get("/payouts/freeze");
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Freeze my payouts");
    const forged = await client.post("/payouts/freeze", {}, { Origin: "https://evil.example" });
    expect(forged.status).toBe(400);
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.payoutsFrozenAt).toBeNull();

    const frozen = await client.post("/payouts/freeze", {});
    expect(frozen.status).toBe(302);
    expect(frozen.location).toBe("/payouts/freeze");
    expect(redirectToast(frozen)).toMatchObject({ type: "success", title: "Payouts Frozen" });
    expect(pageText((await client.get("/payouts/freeze")).body)).toContain("Your payouts are frozen");
    const [freezeAudit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "payouts.freeze")));
    expect(freezeAudit).toMatchObject({ actorId: user.id });

    // Frozen: the member is told, and an admin's press is refused.
    const whileFrozen = await withdraw(client, "10");
    expect(redirectToast(whileFrozen)?.description).toContain(
      "Payouts to your account are frozen, so it waits until an admin has checked your account.",
    );
    const started = await withdrawalsAdmin.client.post("/admin/withdrawals", {
      intent: "start-processing",
      withdrawalId: held.id,
    });
    expect(started.status).toBe(200);
    expect((await rowOf(held.id)).status).toBe("processing");
    const queueNow = pageText((await withdrawalsAdmin.client.get(`/admin/withdrawals?q=${held.reference}`)).body);
    expect(queueNow).toContain("Payouts frozen by the member");
    const press = await withdrawalsAdmin.client.post("/admin/withdrawals/pay", { withdrawalId: held.id });
    expect(redirectToast(press)).toMatchObject({
      type: "error",
      description: `${held.reference}: ${QUEUE_REFUSALS["payouts-frozen"]}`,
    });
    expect(await payoutJobsOf(db(), held.id)).toEqual([]);

    // The member's page says so; only manage_users releases it, once, audited.
    const usersAdmin = await signInAdmin(app, ["manage_users"]);
    const memberPage = pageText((await usersAdmin.client.get(`/admin/users/${user.id}`)).body);
    expect(memberPage).toContain("Payouts frozen by the member on");
    expect(memberPage).toContain("Release payouts");
    const release = `/admin/users/${user.id}/release-payouts`;
    expect((await withdrawalsAdmin.client.post(release, {})).status).toBe(403);
    const released = await usersAdmin.client.post(release, {});
    expect(redirectToast(released)).toMatchObject({ type: "success", title: "Payouts Released" });
    expect(redirectToast(await usersAdmin.client.post(release, {}))).toMatchObject({
      type: "error",
      title: "Not Frozen",
    });
    expect(pageText((await usersAdmin.client.get(`/admin/users/${user.id}`)).body)).not.toContain("Release payouts");
    const [releaseAudit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "payouts.release")));
    expect(releaseAudit).toMatchObject({ actorId: usersAdmin.user.id });
    const pressed = await withdrawalsAdmin.client.post("/admin/withdrawals/pay", { withdrawalId: held.id });
    expect(redirectToast(pressed)?.type).toBe("success");
    expect(await payoutJobsOf(db(), held.id)).toHaveLength(1);
  });

  it("after the hours, a withdrawal to an account in another person's name still waits, and the queue says so", async () => {
    const { client, user } = await establishedMember("Ngozi Adeyemi");
    await db()
      .update(bankAccounts)
      .set({ accountHolderName: "MUSA IBRAHIM", holderNameMatches: false })
      .where(eq(bankAccounts.userId, user.id));
    const asked = await withdraw(client, "20");
    expect(redirectToast(asked)?.description).not.toContain("transfer shortly");
    const held = await newestWithdrawalOf(user.id);
    expect(held).toMatchObject({ status: "pending", autoPayHold: "name-mismatch" });
    const admin = await signInAdmin(app, ["manage_withdrawals"]);
    const queue = pageText((await admin.client.get(`/admin/withdrawals?q=${held.reference}`)).body);
    expect(queue).toContain("Not paid automatically: the account name is not the member's");

    // The member's own name, once more: paid at once.
    const own = await establishedMember("Bola Tinubu Ade");
    const paid = await withdraw(own.client, "20");
    expect(redirectToast(paid)?.description).toContain("It will be sent to your bank account by transfer shortly.");
    expect((await rowOf((await newestWithdrawalOf(own.user.id)).id)).autoPayHold).toBeNull();
  });
});

describe("the automatic payout settings", () => {
  it("refuses what is not a number of hours or days, or a daily total of ₦0, and saves the rest (audited)", async () => {
    const admin = await signInAdmin(app, ["manage_settings"]);
    const form = { autoPayoutMax: "50", autoPayoutDailyMax: "1000", bankChangeHoldHours: "48", minAccountAgeDays: "7" };
    const refused = await admin.client.post("/admin/settings/auto-payout", {
      ...form,
      autoPayoutDailyMax: "0",
      bankChangeHoldHours: "two",
      minAccountAgeDays: "400",
    });
    expect(refused.status).toBe(400);
    const text = pageText(refused.body);
    expect(text).toContain("Enter an amount above ₦0.00, or leave it empty for no daily total.");
    expect(text).toContain("Enter a whole number of hours from 0 to 720.");
    expect(text).toContain("Enter a whole number of days from 0 to 365.");
    const saved = await admin.client.post("/admin/settings/auto-payout", form);
    expect(redirectToast(saved)?.description).toContain("At most ₦1,000.00 a day in all.");
    expect((await db().select().from(appSettings))[0]).toMatchObject({
      autoPayoutMaxKobo: 5_000n,
      autoPayoutDailyMaxKobo: 100_000n,
      bankChangeHoldHours: 48,
      autoPayoutMinAccountAgeDays: 7,
    });
    const page = pageText((await admin.client.get("/admin/settings")).body);
    expect(page).toContain("Automatic payouts per day, in all (₦)");
    expect(page).toContain("Hours after bank details change");
    // Back to what the other tests expect.
    await db()
      .update(appSettings)
      .set({ autoPayoutDailyMaxKobo: null, bankChangeHoldHours: 24, autoPayoutMinAccountAgeDays: 3 })
      .where(eq(appSettings.id, 1));
  });
});
