import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emails, ledgerTransfers, membershipTiers, referrals, upgradeRequests, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { DISPLAY_ID_ALPHABET } from "~/domain/shared/ids";
import { TEST_RECEIVING_ACCOUNT } from "~test/bank-accounts";
import { openTestDatabase } from "~test/database";
import {
  createUser,
  creditUser,
  member,
  membershipAdmin,
  recordReferral,
  setReceivingAccount,
  setReferralRule,
} from "~test/factories";
import { expectBooksBalanced, ledgerRowCounts } from "~test/ledger";
import { approveUpgrade, rejectUpgrade } from "./process-upgrade.server";
import { cancelUpgrade, requestUpgrade } from "./request-upgrade.server";

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await membershipAdmin(db);
  await setReceivingAccount(db);
});
beforeEach(async () => {
  await setReferralRule(db, { active: true, type: "percentage", percentBps: 4_000, fixedKobo: 10_000n });
  await db.update(membershipTiers).set({ priceKobo: 100_000n }).where(eq(membershipTiers.id, "silver"));
});
afterEach(async () => expectBooksBalanced(db));

/** A member with `balanceKobo` available (₦1,000.00 by default). */
async function funded(balanceKobo = 100_000n, tier?: string) {
  const m = await member(db, { tier });
  if (balanceKobo > 0n) await creditUser(db, m.id, balanceKobo);
  return m;
}

const rowOf = async (id: string) => (await db.select().from(upgradeRequests).where(eq(upgradeRequests.id, id)))[0]!;
const tierOf = async (userId: string) =>
  (await db.select({ tier: users.membershipTierId }).from(users).where(eq(users.id, userId)))[0]!.tier;
const transfersOf = (id: string) => db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, id));
const mailsTo = (address: string) => db.select().from(emails).where(eq(emails.toAddress, address));
/** The mails about an admin's decision (not the one sent with the request). */
const decisionMailsTo = async (address: string) =>
  (await mailsTo(address)).filter((mail) => !mail.subject.startsWith("Upgrade request "));
/** What a refused or repeated decision must leave as it was. */
const counts = async () => ({
  ledger: await ledgerRowCounts(db),
  audit: await db.$count(auditLog),
  mails: await db.$count(emails),
});
const auditOf = (id: string) => db.select().from(auditLog).where(eq(auditLog.targetId, id));

async function pending(method: "balance" | "bank_transfer" = "balance", tierId = "bronze", balanceKobo = 100_000n) {
  const m = await funded(balanceKobo);
  const r = await requestUpgrade(db, { userId: m.id, tierId, method });
  if (r.status !== "ok") throw new Error(`pending: ${r.status}`);
  return { member: m, request: r.request };
}

describe("requesting an upgrade", () => {
  it("from the balance: stores the request at the price difference and holds it, in one go", async () => {
    const m = await funded(100_000n);
    const r = await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
    expect(r).toMatchObject({
      status: "ok",
      request: { tierId: "bronze", priceKobo: 50_000n, method: "balance", status: "pending" },
    });
    if (r.status !== "ok") return;
    expect(r.request.reference).toMatch(new RegExp(`^UPG-[${DISPLAY_ID_ALPHABET}]{8}$`));
    expect(await rowOf(r.request.id)).toMatchObject({ userId: m.id, fromTierId: "basic", processedAt: null });
    expect(await balances(db, m.id)).toEqual({ availableKobo: 50_000n, heldKobo: 50_000n });
    expect(await transfersOf(r.request.id)).toMatchObject([
      { kind: "upgrade_hold", amountKobo: 50_000n, idempotencyKey: `upgrade:${r.request.id}:hold` },
    ]);
  });

  it("the price is the new tier's minus the current tier's", async () => {
    const m = await funded(0n, "bronze");
    const r = await requestUpgrade(db, { userId: m.id, tierId: "gold", method: "bank_transfer" });
    expect(r).toMatchObject({ status: "ok", request: { priceKobo: 100_000n } });
  });

  it("by bank transfer: needs no balance and moves no money", async () => {
    const m = await funded(0n);
    const before = await ledgerRowCounts(db);
    const r = await requestUpgrade(db, { userId: m.id, tierId: "vip", method: "bank_transfer" });
    expect(r).toMatchObject({ status: "ok", request: { priceKobo: 200_000n, method: "bank_transfer" } });
    expect(await ledgerRowCounts(db)).toEqual(before);
  });

  it("refuses whoever may not upgrade, and writes nothing", async () => {
    const adminUser = await createUser(db, { role: "admin" });
    const unapproved = await createUser(db, { isApproved: false });
    const restricted = await createUser(db, { isApproved: true, isRestricted: true });
    const before = await db.$count(upgradeRequests);
    const ask = (userId: string) => requestUpgrade(db, { userId, tierId: "bronze", method: "bank_transfer" });
    expect(await ask(adminUser.id)).toEqual({ status: "not-allowed" });
    expect(await ask("no-such-user")).toEqual({ status: "not-allowed" });
    expect(await ask(unapproved.id)).toEqual({ status: "not-approved" });
    expect(await ask(restricted.id)).toEqual({ status: "not-approved" });
    expect(await db.$count(upgradeRequests)).toBe(before);
  });

  it("refuses an unknown tier, the member's own tier and lower ones", async () => {
    const m = await funded(500_000n, "silver");
    const ask = (tierId: string) => requestUpgrade(db, { userId: m.id, tierId, method: "balance" });
    expect(await ask("platinum")).toEqual({ status: "unknown-tier" });
    expect(await ask("silver")).toEqual({ status: "not-higher-tier" });
    expect(await ask("bronze")).toEqual({ status: "not-higher-tier" });
    expect(await ask("basic")).toEqual({ status: "not-higher-tier" });
    expect(await db.$count(upgradeRequests, eq(upgradeRequests.userId, m.id))).toBe(0);
  });

  it("one pending request at a time: a second answers pending-exists with the first", async () => {
    const { member: m, request } = await pending("balance");
    const again = await requestUpgrade(db, { userId: m.id, tierId: "gold", method: "bank_transfer" });
    expect(again).toEqual({ status: "pending-exists", request });
    expect(await balances(db, m.id)).toEqual({ availableKobo: 50_000n, heldKobo: 50_000n });
  });

  it("from a balance that does not cover it: insufficient-funds, and nothing is written", async () => {
    const m = await funded(49_999n);
    const before = { ledger: await ledgerRowCounts(db), requests: await db.$count(upgradeRequests) };
    expect(await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" })).toEqual({
      status: "insufficient-funds",
      availableKobo: 49_999n,
      priceKobo: 50_000n,
    });
    expect({ ledger: await ledgerRowCounts(db), requests: await db.$count(upgradeRequests) }).toEqual(before);
    // After a refusal the member may ask again (by bank transfer).
    expect(await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "bank_transfer" })).toMatchObject({
      status: "ok",
    });
  });
});

describe("the mail sent with a request", () => {
  it("from the balance: the amount held, and that it returns on a cancel or rejection", async () => {
    const { member: m, request } = await pending("balance");
    const [mail, ...more] = await mailsTo(m.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: `Upgrade request ${request.reference} received` });
    expect(mail!.textBody).toContain(
      `We have received your request to upgrade to Advert Bronze for ₦500.00, a one-off payment (reference ${request.reference}).`,
    );
    expect(mail!.textBody).toContain("₦500.00 is held from your AdNaira balance until an admin decides.");
    expect(mail!.textBody).not.toContain("Account number");
  });

  it("by bank transfer: the receiving account in full and the reference for the narration", async () => {
    const { member: m, request } = await pending("bank_transfer", "silver");
    const [mail, ...more] = await mailsTo(m.email);
    expect(more).toEqual([]);
    expect(mail!.textBody).toContain("Please pay ₦1,000.00 by bank transfer to:");
    expect(mail!.textBody).toContain("Bank: Zenith Bank");
    expect(mail!.textBody).toContain(`Account number: ${TEST_RECEIVING_ACCOUNT.accountNumber}`);
    expect(mail!.textBody).toContain("Account name: AdNaira Technologies Ltd");
    expect(mail!.textBody).toContain(`Put the reference ${request.reference} in the transfer narration`);
  });

  it("a refused request sends nothing", async () => {
    const m = await funded(0n);
    expect(await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" })).toMatchObject({
      status: "insufficient-funds",
    });
    expect(await mailsTo(m.email)).toEqual([]);
  });
});

describe("bank transfer without a receiving account", () => {
  afterEach(async () => setReceivingAccount(db));

  it("is refused until an admin sets the account; nothing is written", async () => {
    await setReceivingAccount(db, null);
    const m = await funded(0n);
    const before = await counts();
    expect(await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "bank_transfer" })).toEqual({
      status: "no-receiving-account",
    });
    expect(await counts()).toEqual(before);
    await setReceivingAccount(db);
    expect(await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "bank_transfer" })).toMatchObject({
      status: "ok",
    });
  });
});

describe("cancelling", () => {
  it("the member cancels their pending request: the held price returns, and they may ask again", async () => {
    const { member: m, request } = await pending("balance");
    const r = await cancelUpgrade(db, { userId: m.id, requestId: request.id });
    expect(r).toMatchObject({ status: "ok", request: { status: "cancelled" } });
    expect(await rowOf(request.id)).toMatchObject({ status: "cancelled", processedById: null });
    expect((await rowOf(request.id)).processedAt).toBeInstanceOf(Date);
    expect(await balances(db, m.id)).toEqual({ availableKobo: 100_000n, heldKobo: 0n });
    expect((await transfersOf(request.id)).map((t) => t.kind).sort()).toEqual(["upgrade_hold", "upgrade_release"]);
    expect(await cancelUpgrade(db, { userId: m.id, requestId: request.id })).toEqual({
      status: "conflict",
      current: "cancelled",
    });
    expect(await requestUpgrade(db, { userId: m.id, tierId: "silver", method: "balance" })).toMatchObject({
      status: "ok",
    });
  });

  it("a bank-transfer request cancels without any money moving", async () => {
    const { member: m, request } = await pending("bank_transfer");
    const before = await ledgerRowCounts(db);
    expect(await cancelUpgrade(db, { userId: m.id, requestId: request.id })).toMatchObject({ status: "ok" });
    expect(await ledgerRowCounts(db)).toEqual(before);
  });

  it("another member's request is not found, and stays pending", async () => {
    const { request } = await pending("balance");
    const other = await funded(0n);
    expect(await cancelUpgrade(db, { userId: other.id, requestId: request.id })).toEqual({ status: "not-found" });
    expect(await cancelUpgrade(db, { userId: other.id, requestId: "nope" })).toEqual({ status: "not-found" });
    expect((await rowOf(request.id)).status).toBe("pending");
  });

  it("a decided request cannot be cancelled", async () => {
    const { member: m, request } = await pending("balance");
    await approveUpgrade(db, admin, request.id);
    expect(await cancelUpgrade(db, { userId: m.id, requestId: request.id })).toEqual({
      status: "conflict",
      current: "approved",
    });
    expect(await balances(db, m.id)).toEqual({ availableKobo: 50_000n, heldKobo: 0n });
  });
});

describe("who may decide", () => {
  it("needs manage_memberships: an admin without it and a member are refused, and nothing changes", async () => {
    const { request } = await pending("balance");
    const without = await createUser(db, {
      role: "admin",
      permissions: PERMISSIONS.filter((p) => p !== "manage_memberships"),
    });
    const m = await createUser(db, { isApproved: true, permissions: ["manage_memberships"] });
    const before = await counts();
    for (const who of [without, m]) {
      const actor: Actor = { id: who.id, role: who.role, permissions: who.permissions };
      expect(await approveUpgrade(db, actor, request.id)).toEqual({ status: "forbidden" });
      expect(await rejectUpgrade(db, actor, request.id)).toEqual({ status: "forbidden" });
    }
    expect(await counts()).toEqual(before);
    expect((await rowOf(request.id)).status).toBe("pending");
  });

  it("the super admin may, without holding the permission", async () => {
    const { request } = await pending("bank_transfer");
    const root = await membershipAdmin(db, [], "super_admin");
    expect(await approveUpgrade(db, root, request.id)).toMatchObject({ status: "ok" });
  });

  it("an unknown request is not found", async () => {
    expect(await approveUpgrade(db, admin, "missing")).toEqual({ status: "not-found" });
    expect(await rejectUpgrade(db, admin, "missing")).toEqual({ status: "not-found" });
  });
});

describe("approving", () => {
  it("paid from the balance: sets the tier, stamps and signs it, held → membership revenue, audited", async () => {
    const { member: m, request } = await pending("balance");
    const revenueBefore = await platformBalance(db, "membership_revenue");
    const now = new Date("2026-11-20T10:00:00Z");
    const r = await approveUpgrade(db, admin, request.id, now);
    expect(r).toMatchObject({ status: "ok", request: { status: "approved" }, referral: { status: "none" } });
    expect(await rowOf(request.id)).toMatchObject({ status: "approved", processedAt: now, processedById: admin.id });
    expect(await tierOf(m.id)).toBe("bronze");
    expect(await balances(db, m.id)).toEqual({ availableKobo: 50_000n, heldKobo: 0n });
    expect((await platformBalance(db, "membership_revenue")) - revenueBefore).toBe(50_000n);
    const payment = (await transfersOf(request.id)).find((t) => t.kind === "upgrade_payment");
    expect(payment).toMatchObject({ amountKobo: 50_000n, idempotencyKey: `upgrade:${request.id}:payment` });
    expect(await auditOf(request.id)).toMatchObject([
      {
        actorId: admin.id,
        action: "upgrade.approve",
        targetType: "upgrade_request",
        before: { status: "pending" },
        after: {
          status: "approved",
          reference: request.reference,
          tier: "bronze",
          amount: "₦500.00",
          method: "balance",
        },
      },
    ]);
    const [mail, ...more] = await decisionMailsTo(m.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: `Your upgrade ${request.reference} has been approved` });
    expect(mail!.textBody).toContain("Your membership is now Advert Bronze");
    expect(mail!.textBody).toContain("The ₦500.00 held from your AdNaira balance has been taken as payment.");
    expect(mail!.textBody).toContain("up to 10 adverts a day");
  });

  it("paid by bank transfer: records bank receipts → membership revenue", async () => {
    const { member: m, request } = await pending("bank_transfer", "silver");
    const receipts = await platformBalance(db, "bank_receipts");
    const revenue = await platformBalance(db, "membership_revenue");
    expect(await approveUpgrade(db, admin, request.id)).toMatchObject({ status: "ok" });
    expect(await tierOf(m.id)).toBe("silver");
    expect((await platformBalance(db, "bank_receipts")) - receipts).toBe(-100_000n);
    expect((await platformBalance(db, "membership_revenue")) - revenue).toBe(100_000n);
    expect(await balances(db, m.id)).toEqual({ availableKobo: 100_000n, heldKobo: 0n });
  });

  it("a decided request is decided once: approve and reject again are conflicts that change nothing", async () => {
    const { request } = await pending("balance");
    expect(await approveUpgrade(db, admin, request.id)).toMatchObject({ status: "ok" });
    const before = await counts();
    expect(await approveUpgrade(db, admin, request.id)).toEqual({ status: "conflict", current: "approved" });
    expect(await rejectUpgrade(db, admin, request.id)).toEqual({ status: "conflict", current: "approved" });
    expect(await counts()).toEqual(before);
  });

  it("moves the price stored with the request, whatever the tier costs by then", async () => {
    const { member: m, request } = await pending("balance", "silver", 150_000n);
    await db.update(membershipTiers).set({ priceKobo: 180_000n }).where(eq(membershipTiers.id, "silver"));
    const revenue = await platformBalance(db, "membership_revenue");
    expect(await approveUpgrade(db, admin, request.id)).toMatchObject({
      status: "ok",
      request: { priceKobo: 100_000n },
    });
    expect((await platformBalance(db, "membership_revenue")) - revenue).toBe(100_000n);
    expect(await balances(db, m.id)).toEqual({ availableKobo: 50_000n, heldKobo: 0n });
  });
});

describe("rejecting", () => {
  it("paid from the balance: the held price returns, the tier stays, audited", async () => {
    const { member: m, request } = await pending("balance");
    expect(await rejectUpgrade(db, admin, request.id)).toMatchObject({ status: "ok", request: { status: "rejected" } });
    expect(await rowOf(request.id)).toMatchObject({ status: "rejected", processedById: admin.id });
    expect(await tierOf(m.id)).toBe("basic");
    expect(await balances(db, m.id)).toEqual({ availableKobo: 100_000n, heldKobo: 0n });
    expect(await auditOf(request.id)).toMatchObject([{ action: "upgrade.reject", after: { status: "rejected" } }]);
    expect(await decisionMailsTo(m.email)).toMatchObject([
      { subject: `Your upgrade request ${request.reference} was rejected` },
    ]);
    expect((await decisionMailsTo(m.email))[0]!.textBody).toContain("has been returned to your available balance");
    expect(await approveUpgrade(db, admin, request.id)).toEqual({ status: "conflict", current: "rejected" });
  });

  it("by bank transfer: records no money at all", async () => {
    const { member: m, request } = await pending("bank_transfer");
    const before = await ledgerRowCounts(db);
    expect(await rejectUpgrade(db, admin, request.id)).toMatchObject({ status: "ok" });
    expect(await ledgerRowCounts(db)).toEqual(before);
    expect((await decisionMailsTo(m.email))[0]!.textBody).toContain(
      "If you have already paid ₦500.00 by bank transfer",
    );
  });
});

describe("the referral reward on approval", () => {
  async function referred(balanceKobo = 500_000n) {
    const referrer = await funded(0n);
    const m = await funded(balanceKobo);
    const referralId = await recordReferral(db, referrer, m.id);
    return { referrer, member: m, referralId };
  }
  const approved = async (userId: string, tierId: string, method: "balance" | "bank_transfer" = "balance") => {
    const r = await requestUpgrade(db, { userId, tierId, method });
    if (r.status !== "ok") throw new Error(r.status);
    const a = await approveUpgrade(db, admin, r.request.id);
    if (a.status !== "ok") throw new Error(a.status);
    return a;
  };
  const referralOf = async (id: string) => (await db.select().from(referrals).where(eq(referrals.id, id)))[0]!;

  it("the first approved upgrade pays the referrer 40% of what was paid, once, and approves the referral", async () => {
    const { referrer, member: m, referralId } = await referred();
    const now = new Date("2026-11-21T09:00:00Z");
    const r = await requestUpgrade(db, { userId: m.id, tierId: "silver", method: "balance" });
    if (r.status !== "ok") throw new Error(r.status);
    expect(await approveUpgrade(db, admin, r.request.id, now)).toMatchObject({
      status: "ok",
      referral: { status: "paid", referralId, referrerId: referrer.id, rewardKobo: 40_000n },
    });
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 40_000n, heldKobo: 0n });
    expect(await referralOf(referralId)).toMatchObject({ status: "approved", rewardKobo: 40_000n, approvedAt: now });
    expect(await transfersOf(referralId)).toMatchObject([
      { kind: "referral_reward", amountKobo: 40_000n, idempotencyKey: `referral:${referralId}:reward` },
    ]);
    expect((await auditOf(r.request.id))[0]!.after).toMatchObject({ referralReward: "₦400.00" });

    // A later upgrade pays nothing more.
    expect(await approved(m.id, "vip")).toMatchObject({ referral: { status: "none" } });
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 40_000n, heldKobo: 0n });
  });

  it("a fixed reward is paid as set, also on a bank-transfer upgrade", async () => {
    await setReferralRule(db, { type: "fixed", fixedKobo: 10_000n });
    const { referrer, member: m } = await referred();
    expect(await approved(m.id, "bronze", "bank_transfer")).toMatchObject({ referral: { rewardKobo: 10_000n } });
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
  });

  it("never more than the referred member paid", async () => {
    await setReferralRule(db, { type: "fixed", fixedKobo: 90_000n });
    const { referrer, member: m } = await referred();
    expect(await approved(m.id, "bronze")).toMatchObject({ referral: { rewardKobo: 50_000n } });
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 50_000n, heldKobo: 0n });
  });

  it("a rejected or cancelled upgrade pays nothing; the first approved one does", async () => {
    const { referrer, member: m, referralId } = await referred();
    const first = await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
    if (first.status !== "ok") throw new Error(first.status);
    await rejectUpgrade(db, admin, first.request.id);
    expect((await referralOf(referralId)).status).toBe("pending");
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
    expect(await approved(m.id, "bronze")).toMatchObject({ referral: { status: "paid", rewardKobo: 20_000n } });
  });

  it("with the rule off at the first approval nothing is paid then, nor on later upgrades", async () => {
    await setReferralRule(db, { active: false });
    const { referrer, member: m, referralId } = await referred();
    expect(await approved(m.id, "bronze")).toMatchObject({ referral: { status: "none" } });
    await setReferralRule(db, { active: true });
    expect(await approved(m.id, "gold")).toMatchObject({ referral: { status: "none" } });
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
    expect(await referralOf(referralId)).toMatchObject({ status: "pending", rewardKobo: null });
  });

  it("a member nobody referred pays nobody", async () => {
    const m = await funded(500_000n);
    expect(await approved(m.id, "bronze")).toMatchObject({ referral: { status: "none" } });
  });
});

describe("an admin's own referral", () => {
  /** An admin, or the one super admin (made by an earlier test, or now). */
  async function staff(role: "admin" | "super_admin"): Promise<Actor> {
    const [root] = await db.select().from(users).where(eq(users.role, "super_admin"));
    if (role === "super_admin" && root) return { id: root.id, role, permissions: root.permissions };
    return membershipAdmin(db, ["manage_memberships"], role);
  }

  // Referrals to staff recorded before only members could refer stay as they are.
  it.each(["admin", "super_admin"] as const)(
    "a %s who referred the member cannot approve their upgrade: refused, audited, nothing else written",
    async (role) => {
      const referrer = await staff(role);
      const { member: m, request } = await pending("balance");
      const referralId = await recordReferral(db, { id: referrer.id, referralCode: "STAFFCODE1" }, m.id);
      const before = { ledger: await ledgerRowCounts(db), mails: await db.$count(emails) };
      expect(await approveUpgrade(db, referrer, request.id)).toEqual({ status: "own-referral" });
      expect(await rowOf(request.id)).toMatchObject({ status: "pending", processedById: null });
      expect(await tierOf(m.id)).toBe("basic");
      expect({ ledger: await ledgerRowCounts(db), mails: await db.$count(emails) }).toEqual(before);
      expect((await db.select().from(referrals).where(eq(referrals.id, referralId)))[0]).toMatchObject({
        status: "pending",
      });
      expect(await auditOf(request.id)).toMatchObject([
        { action: "upgrade.approve_refused", actorId: referrer.id, targetType: "upgrade_request" },
      ]);

      // Another admin approves it, and the reward is paid as for any referral.
      expect(await approveUpgrade(db, admin, request.id)).toMatchObject({
        status: "ok",
        referral: { status: "paid", referrerId: referrer.id },
      });
    },
  );

  it("the referrer may still reject it (that pays them nothing), and another admin's referral is no bar", async () => {
    const referrer = await membershipAdmin(db);
    const { member: m, request } = await pending("balance");
    await recordReferral(db, { id: referrer.id, referralCode: "STAFFCODE2" }, m.id);
    expect(await rejectUpgrade(db, referrer, request.id)).toMatchObject({ status: "ok" });

    const { member: other, request: second } = await pending("bank_transfer");
    await recordReferral(db, { id: referrer.id, referralCode: "STAFFCODE2" }, (await funded(0n)).id);
    expect(await approveUpgrade(db, referrer, second.id)).toMatchObject({ status: "ok" });
    expect(await tierOf(other.id)).toBe("bronze");
  });
});
