import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog, bankAccounts } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { createPaystackProvider, paystackBankCode } from "~/server/paystack.server";
import { GTB, GTB_ACCOUNT } from "~test/bank-accounts";
import { openTestDatabase } from "~test/database";
import { approvedAdvertiser, createUser, TEST_PASSWORD } from "~test/factories";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY } from "~test/paystack";
import { CHECK_VALID_MS, checkBankAccount, confirmBankAccount } from "./resolve-account.server";

const { db } = await openTestDatabase();
const standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
afterAll(() => standin.close());
const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });

// Kuda: our NIBSS code 090267, Paystack's 50211; any 10 digits (no NUBAN check for microfinance banks).
const KUDA = "090267";
const KUDA_ACCOUNT = "2034567891";
standin.setAccount(GTB, GTB_ACCOUNT, "ADA  OKAFOR ");
standin.setAccount("50211", KUDA_ACCOUNT, "CHINEDU EZE");

async function newMember() {
  const user = await createUser(db, { isApproved: true });
  const actor: Actor = { id: user.id, role: "user", permissions: [], ip: "105.112.4.9" };
  return { user, actor };
}
const stored = async (userId: string) =>
  (await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)))[0];
const audits = (userId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, "bank_details.update")));

async function check(userId: string, bankCode = GTB, accountNumber = GTB_ACCOUNT, now?: Date) {
  return checkBankAccount(db, provider, { userId, bankCode, accountNumber, currentPassword: TEST_PASSWORD, now });
}

describe("bank details resolved with the provider", () => {
  it("checks the account, shows the bank's name, and saves that name once confirmed", async () => {
    const { user, actor } = await newMember();
    const checked = await check(user.id);
    expect(checked).toMatchObject({
      status: "resolved",
      account: { accountName: "ADA OKAFOR", bankCode: GTB, accountNumberMasked: "******6785" },
    });
    // Checking saves nothing.
    expect(await stored(user.id)).toBeUndefined();
    if (checked.status !== "resolved") throw new Error("not resolved");

    const now = new Date();
    const confirmed = await confirmBankAccount(db, provider, {
      userId: user.id,
      actor,
      confirmation: checked.account.confirmation,
      now,
    });
    expect(confirmed).toMatchObject({ status: "ok", changed: true, details: { accountHolderName: "ADA OKAFOR" } });
    expect(await stored(user.id)).toMatchObject({
      accountHolderName: "ADA OKAFOR",
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
      nameResolvedAt: now,
    });
    const [audit] = await audits(user.id);
    expect(audit?.after).toMatchObject({ accountHolderName: "ADA OKAFOR", nameResolved: true });
    expect(await emailsTo(db, user.email)).toHaveLength(1);
  });

  it("compares the bank's name with the member's (an advertiser's: business or contact): saved either way, the match kept", async () => {
    const confirmAs = async (userId: string, actor: Actor) => {
      const checked = await check(userId);
      if (checked.status !== "resolved") throw new Error("not resolved");
      return confirmBankAccount(db, provider, { userId, actor, confirmation: checked.account.confirmation });
    };
    const asActor = (id: string, role: Actor["role"]): Actor => ({ id, role, permissions: [], ip: "105.112.4.9" });

    const own = await createUser(db, { isApproved: true, name: "Okafor Ada" });
    expect(await confirmAs(own.id, asActor(own.id, "user"))).toMatchObject({ status: "ok" });
    expect(await stored(own.id)).toMatchObject({ accountHolderName: "ADA OKAFOR", holderNameMatches: true });

    const { user: other, actor } = await newMember();
    expect(await confirmAs(other.id, actor)).toMatchObject({ status: "ok", changed: true });
    expect(await stored(other.id)).toMatchObject({ accountHolderName: "ADA OKAFOR", holderNameMatches: false });

    const business = await approvedAdvertiser(db, { name: "Bola Ade", businessName: "Ada Okafor Ventures" });
    // "ADA OKAFOR" against "Ada Okafor Ventures": one word more on one side, as a middle name.
    expect(await confirmAs(business.id, asActor(business.id, "advertiser"))).toMatchObject({ status: "ok" });
    expect(await stored(business.id)).toMatchObject({ holderNameMatches: true });

    // The change's mail links to the page that freezes payouts.
    const [mail] = await emailsTo(db, other.email);
    expect(mail?.textBody).toContain("{app}/payouts/freeze");
  });

  it("asks Paystack with its own code for a bank whose code differs from ours", async () => {
    expect(paystackBankCode(KUDA)).toBe("50211");
    const { user, actor } = await newMember();
    const checked = await check(user.id, KUDA, KUDA_ACCOUNT);
    if (checked.status !== "resolved") throw new Error(`not resolved: ${checked.status}`);
    expect(checked.account.accountName).toBe("CHINEDU EZE");
    await confirmBankAccount(db, provider, { userId: user.id, actor, confirmation: checked.account.confirmation });
    // Our code is stored; the adapter maps it on every call.
    expect(await stored(user.id)).toMatchObject({ bankCode: KUDA, accountHolderName: "CHINEDU EZE" });
  });

  it("refuses an account the bank does not know, and saves nothing", async () => {
    const { user } = await newMember();
    expect(await check(user.id, GTB, "0000000001")).toEqual({
      status: "not-resolved",
      bankName: "Guaranty Trust Bank (GTBank)",
    });
    expect(await stored(user.id)).toBeUndefined();
  });

  it("says the provider is unavailable when it fails, and saves nothing", async () => {
    const { user, actor } = await newMember();
    standin.failNext("resolve", "server-error");
    expect(await check(user.id)).toEqual({ status: "unavailable" });

    const checked = await check(user.id);
    if (checked.status !== "resolved") throw new Error("not resolved");
    standin.failNext("resolve", "drop");
    expect(
      await confirmBankAccount(db, provider, { userId: user.id, actor, confirmation: checked.account.confirmation }),
    ).toEqual({ status: "unavailable" });
    expect(await stored(user.id)).toBeUndefined();
  });

  it("checks the password before asking the bank, and the form's fields", async () => {
    const { user } = await newMember();
    expect(
      await checkBankAccount(db, provider, {
        userId: user.id,
        bankCode: GTB,
        accountNumber: GTB_ACCOUNT,
        currentPassword: "not my password",
      }),
    ).toEqual({ status: "wrong-password" });
    const invalid = await checkBankAccount(db, provider, {
      userId: user.id,
      bankCode: "999",
      accountNumber: "12",
      currentPassword: "",
    });
    expect(invalid.status).toBe("invalid");
  });

  it("never saves a name other than the bank's: an altered, another member's or an old confirmation is refused", async () => {
    const { user, actor } = await newMember();
    const other = await newMember();
    const now = new Date();
    const checked = await check(user.id, GTB, GTB_ACCOUNT, now);
    if (checked.status !== "resolved") throw new Error("not resolved");
    // The account number is not readable in it, and one changed byte makes it worthless.
    expect(Buffer.from(checked.account.confirmation, "base64url").toString("latin1")).not.toContain(GTB_ACCOUNT);
    const raw = Buffer.from(checked.account.confirmation, "base64url");
    raw[raw.length - 1]! ^= 1;
    const altered = raw.toString("base64url");

    const confirm = (confirmation: unknown, who = { userId: user.id, actor }, at = now) =>
      confirmBankAccount(db, provider, { ...who, confirmation, now: at });
    expect(await confirm(altered)).toEqual({ status: "expired" });
    expect(await confirm("ADA OKAFOR")).toEqual({ status: "expired" });
    expect(await confirm(undefined)).toEqual({ status: "expired" });
    expect(await confirm(checked.account.confirmation, { userId: other.user.id, actor: other.actor })).toEqual({
      status: "expired",
    });
    expect(
      await confirm(checked.account.confirmation, undefined, new Date(now.getTime() + CHECK_VALID_MS + 1)),
    ).toEqual({ status: "expired" });
    expect(await stored(user.id)).toBeUndefined();
    expect(await stored(other.user.id)).toBeUndefined();
  });

  it("shows the name again when the bank's answer changed between check and confirm", async () => {
    const { user, actor } = await newMember();
    const account = "0987654321";
    const bank = "100"; // SunTrust: any plausible 10 digits
    standin.setAccount(bank, account, "NGOZI ADEYEMI");
    const checked = await check(user.id, bank, account);
    if (checked.status !== "resolved") throw new Error("not resolved");
    standin.setAccount(bank, account, "NGOZI ADEYEMI-BELLO");
    const again = await confirmBankAccount(db, provider, {
      userId: user.id,
      actor,
      confirmation: checked.account.confirmation,
    });
    expect(again).toMatchObject({ status: "name-changed", account: { accountName: "NGOZI ADEYEMI-BELLO" } });
    expect(await stored(user.id)).toBeUndefined();
    if (again.status !== "name-changed") throw new Error("unexpected");
    const saved = await confirmBankAccount(db, provider, {
      userId: user.id,
      actor,
      confirmation: again.account.confirmation,
    });
    expect(saved).toMatchObject({ status: "ok", details: { accountHolderName: "NGOZI ADEYEMI-BELLO" } });
  });
});
