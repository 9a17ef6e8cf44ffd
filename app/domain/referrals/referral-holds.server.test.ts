import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerTransfers, membershipTiers, referrals, users } from "~/db/schema";
import { authenticate } from "~/domain/accounts/authenticate.server";
import { registerUser } from "~/domain/accounts/register-user.server";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { referralRewardKey } from "~/domain/referrals/rewards";
import { auditRowsFor } from "~test/audit";
import { openTestDatabase } from "~test/database";
import {
  createUser,
  member,
  membershipAdmin,
  recordReferral,
  setReferralRule,
  setReceivingAccount,
} from "~test/factories";
import { expectLedgerReconciled, ledgerRowCounts } from "~test/ledger";
import { HOLD_REASONS } from "./referral-abuse";
import { releaseHeldReward, voidHeldReward } from "./review-held-reward.server";

const { db } = await openTestDatabase();
const appUrl = new URL("https://adnaira.example");
const PASSWORD = "Lagos-Harmattan-2024!";
let upgrades: Actor;
let reviewer: Actor;

beforeAll(async () => {
  upgrades = await membershipAdmin(db);
  const admin = await createUser(db, { role: "admin", permissions: ["manage_referrals"] });
  reviewer = { id: admin.id, role: "admin", permissions: admin.permissions, ip: "102.89.1.2" };
});
beforeEach(async () => {
  // Bronze costs ₦500.00 from Basic: a ₦100.00 fixed reward.
  await setReferralRule(db, { active: true, type: "fixed", fixedKobo: 10_000n });
  await db.update(membershipTiers).set({ priceKobo: 50_000n }).where(eq(membershipTiers.id, "bronze"));
});
afterEach(async () => expectLedgerReconciled(db));

const referralOf = async (referredId: string) =>
  (await db.select().from(referrals).where(eq(referrals.referredId, referredId)))[0]!;
const userBy = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
const rewardTransfers = (referralId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, referralRewardKey(referralId)));

let n = 0;
/** Registers through `referrer`'s code from `ip`, as the register page does; the new member is approved. */
async function register(referrer: { referralCode: string }, email: string, ip: string) {
  const result = await registerUser(db, {
    name: `Referred ${++n}`,
    email,
    password: PASSWORD,
    referralCode: referrer.referralCode,
    appUrl,
    clientIp: ip,
  });
  if (result.status !== "ok" || !result.newUserId) throw new Error(`register: ${result.status}`);
  await db.update(users).set({ isApproved: true, emailConfirmedAt: new Date() }).where(eq(users.id, result.newUserId));
  return userBy(email.toLowerCase());
}

/** The referred member's first upgrade (Bronze by bank transfer), approved. */
async function firstUpgradeApproved(referredId: string) {
  await setReceivingAccount(db); // bank transfer is offered only with one
  const r = await requestUpgrade(db, { userId: referredId, tierId: "bronze", method: "bank_transfer" });
  if (r.status !== "ok") throw new Error(`request: ${r.status}`);
  const approved = await approveUpgrade(db, upgrades, r.request.id);
  if (approved.status !== "ok") throw new Error(`approve: ${approved.status}`);
  return approved.referral;
}

const unique = () => `${Date.now().toString(36)}${(++n).toString(36)}`;

/** A referral held at reward time (same mailbox), ₦100.00 waiting. */
async function heldReferral() {
  const id = unique();
  const referrer = await member(db, { email: `ada.obi.${id}@gmail.com` });
  const referred = await register(referrer, `AdaObi${id}+2@googlemail.com`, "197.210.1.1");
  const outcome = await firstUpgradeApproved(referred.id);
  expect(outcome).toMatchObject({ status: "held", rewardKobo: 10_000n, holdReason: HOLD_REASONS.sameEmail });
  return { referrer, referred, referral: await referralOf(referred.id) };
}

describe("recording the client address", () => {
  it("stores the sign-up address, and each sign-in's address first among the recent ones", async () => {
    const email = `addr.${unique()}@example.ng`;
    await registerUser(db, { name: "Bisi Ade", email, password: PASSWORD, appUrl, clientIp: "::ffff:41.58.7.7" });
    expect(await userBy(email)).toMatchObject({ signupIp: "41.58.7.7", recentLoginIps: [] });
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
    const signedIn = await authenticate(db, { email, password: PASSWORD, clientIp: "102.89.4.4" });
    expect(signedIn).toMatchObject({ status: "ok", user: { recentLoginIps: ["102.89.4.4"] } });
    expect(await userBy(email)).toMatchObject({ signupIp: "41.58.7.7", recentLoginIps: ["102.89.4.4"] });
  });

  it("keeps the last 5 addresses, newest first, each once; a sign-in without an address changes none", async () => {
    const email = `five.${unique()}@example.ng`;
    await registerUser(db, { name: "Bisi Ade", email, password: PASSWORD, appUrl, clientIp: "41.58.7.8" });
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
    const signIn = (clientIp?: string) => authenticate(db, { email, password: PASSWORD, clientIp });
    for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.2", "::ffff:10.0.0.4", "10.0.0.5", "10.0.0.6"]) {
      await signIn(ip);
    }
    expect((await userBy(email)).recentLoginIps).toEqual(["10.0.0.6", "10.0.0.5", "10.0.0.4", "10.0.0.2", "10.0.0.3"]);
    await signIn(undefined);
    await signIn("unknown");
    expect((await userBy(email)).recentLoginIps).toEqual(["10.0.0.6", "10.0.0.5", "10.0.0.4", "10.0.0.2", "10.0.0.3"]);
  });
  it("keeps a network once: a phone rotating its IPv6 address within its /64 does not push out the others", async () => {
    const referrer = await member(db, { password: PASSWORD });
    await authenticate(db, { email: referrer.email, password: PASSWORD, clientIp: "41.58.20.1" });
    for (const ip of [
      "2c0f:f5c0:442:9::1",
      "2c0f:f5c0:442:9:8d3e:12ff:fe00:2",
      "2c0f:f5c0:442:9:aaaa::3",
      "2C0F:F5C0:0442:0009::4",
      "2c0f:f5c0:442:9:ffff:ffff:ffff:5",
    ]) {
      await authenticate(db, { email: referrer.email, password: PASSWORD, clientIp: ip });
    }
    expect((await userBy(referrer.email)).recentLoginIps).toEqual(["2c0f:f5c0:442:9::/64", "41.58.20.1"]);

    // Both still count at sign-up: yet another address on the phone's /64, and the IPv4 one.
    const samePhone = await register(referrer, `p.${unique()}@example.ng`, "2c0f:f5c0:442:9:1234::6");
    expect((await referralOf(samePhone.id)).holdReason).toBe(HOLD_REASONS.sameIp);
    const sameIpv4 = await register(referrer, `q.${unique()}@example.ng`, "::ffff:41.58.20.1");
    expect((await referralOf(sameIpv4.id)).holdReason).toBe(HOLD_REASONS.sameIp);
    const elsewhere = await register(referrer, `r.${unique()}@example.ng`, "2c0f:f5c0:442:a::6");
    expect((await referralOf(elsewhere.id)).holdReason).toBeNull();
  });
});

describe("the hold reason at sign-up", () => {
  it("same normalized email: recorded, pending, with the reason", async () => {
    const id = unique();
    const referrer = await member(db, { email: `tolu.${id}@gmail.com` });
    const referred = await register(referrer, `T.O.L.U.${id}+promo@gmail.com`, "197.210.2.2");
    expect(await referralOf(referred.id)).toMatchObject({
      referrerId: referrer.id,
      status: "pending",
      holdReason: HOLD_REASONS.sameEmail,
    });
  });

  it("the referrer's sign-up or any recent sign-in address: held with the IP reason", async () => {
    const signedUpThere = await member(db);
    await db.update(users).set({ signupIp: "102.89.5.5" }).where(eq(users.id, signedUpThere.id));
    const a = await register(signedUpThere, `a.${unique()}@example.ng`, "102.89.5.5");
    expect((await referralOf(a.id)).holdReason).toBe(HOLD_REASONS.sameIp);

    const signedInThere = await member(db);
    await db
      .update(users)
      .set({ recentLoginIps: ["102.89.6.1", "102.89.6.2", "102.89.6.3", "102.89.6.4", "102.89.6.6"] })
      .where(eq(users.id, signedInThere.id));
    // The oldest of the five counts as much as the newest.
    const b = await register(signedInThere, `b.${unique()}@example.ng`, "102.89.6.6");
    expect((await referralOf(b.id)).holdReason).toBe(HOLD_REASONS.sameIp);
  });

  it("a sign-in address pushed out by 5 newer ones no longer counts", async () => {
    const referrer = await member(db, { password: PASSWORD });
    for (const ip of ["102.89.9.1", "102.89.9.2", "102.89.9.3", "102.89.9.4", "102.89.9.5", "102.89.9.6"]) {
      await authenticate(db, { email: referrer.email, password: PASSWORD, clientIp: ip });
    }
    const old = await register(referrer, `e.${unique()}@example.ng`, "102.89.9.1");
    expect((await referralOf(old.id)).holdReason).toBeNull();
    const recent = await register(referrer, `f.${unique()}@example.ng`, "102.89.9.2");
    expect((await referralOf(recent.id)).holdReason).toBe(HOLD_REASONS.sameIp);
  });

  it("IPv6: another address in the referrer's /64 is held, one in the next /64 is not", async () => {
    const referrer = await member(db);
    await db
      .update(users)
      .set({ signupIp: "2c0f:f5c0:440:1a2b::10", recentLoginIps: ["2c0f:f5c0:440:1a2b:8d3e:12ff:fe00:9"] })
      .where(eq(users.id, referrer.id));
    const sameLine = await register(referrer, `g.${unique()}@example.ng`, "2C0F:F5C0:440:1A2B:ABCD::77");
    expect((await referralOf(sameLine.id)).holdReason).toBe(HOLD_REASONS.sameIp);
    const nextLine = await register(referrer, `h.${unique()}@example.ng`, "2c0f:f5c0:440:1a2c::10");
    expect((await referralOf(nextLine.id)).holdReason).toBeNull();
  });

  it("IPv4 exactly: the neighbouring address is not held; an IPv4-mapped IPv6 spelling of the same one is", async () => {
    const referrer = await member(db);
    await db
      .update(users)
      .set({ recentLoginIps: ["102.90.3.4"] })
      .where(eq(users.id, referrer.id));
    const neighbour = await register(referrer, `i.${unique()}@example.ng`, "102.90.3.5");
    expect((await referralOf(neighbour.id)).holdReason).toBeNull();
    const mapped = await register(referrer, `j.${unique()}@example.ng`, "::ffff:665a:304");
    expect((await referralOf(mapped.id)).holdReason).toBe(HOLD_REASONS.sameIp);
  });

  it("a different person on a different network: no reason, and the reward is paid", async () => {
    const referrer = await member(db);
    await db
      .update(users)
      .set({ signupIp: "102.89.7.7", recentLoginIps: ["102.89.7.8"] })
      .where(eq(users.id, referrer.id));
    const referred = await register(referrer, `c.${unique()}@example.ng`, "197.210.3.3");
    expect((await referralOf(referred.id)).holdReason).toBeNull();
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 10_000n });
  });
});

describe("the reward of a held referral", () => {
  it("same normalized email: held with its reward, nothing paid", async () => {
    const { referrer, referral } = await heldReferral();
    expect(referral).toMatchObject({ status: "held", rewardKobo: 10_000n, approvedAt: null });
    expect(await rewardTransfers(referral.id)).toEqual([]);
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
  });

  it("a shared address seen only later (the referred member signed in from the referrer's): held at reward time", async () => {
    const referrer = await member(db);
    await db.update(users).set({ signupIp: "102.89.8.8" }).where(eq(users.id, referrer.id));
    const referred = await register(referrer, `d.${unique()}@example.ng`, "197.210.4.4");
    expect((await referralOf(referred.id)).holdReason).toBeNull();
    await authenticate(db, { email: referred.email, password: PASSWORD, clientIp: "102.89.8.8" });
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.sameIp });
    expect(await referralOf(referred.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.sameIp });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 0n });
  });

  it("at reward time the referrer's older sign-ins count too, and an IPv6 /64 neighbour is the same line", async () => {
    const referrer = await member(db, { password: PASSWORD });
    const referred = await register(referrer, `k.${unique()}@example.ng`, "197.210.4.5");
    expect((await referralOf(referred.id)).holdReason).toBeNull();
    // The referrer signs in from home (IPv6), then from four other places.
    for (const ip of ["2c0f:f5c0:441:77::1", "41.58.10.1", "41.58.10.2", "41.58.10.3", "41.58.10.4"]) {
      await authenticate(db, { email: referrer.email, password: PASSWORD, clientIp: ip });
    }
    // The referred member signs in from another address on the same home line.
    await authenticate(db, { email: referred.email, password: PASSWORD, clientIp: "2c0f:f5c0:441:77:9a::2" });
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.sameIp });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 0n });
  });

  it("the rule off: neither held nor paid (the referral stays pending, as before)", async () => {
    await setReferralRule(db, { active: false });
    const id = unique();
    const referrer = await member(db, { email: `off.${id}@gmail.com` });
    const referred = await register(referrer, `o.f.f.${id}@gmail.com`, "197.210.5.5");
    expect(await firstUpgradeApproved(referred.id)).toEqual({ status: "none" });
    expect(await referralOf(referred.id)).toMatchObject({ status: "pending", holdReason: HOLD_REASONS.sameEmail });
  });
});

describe("releaseHeldReward / voidHeldReward", () => {
  it("release pays once, with the reward's own key, approves, and audits", async () => {
    const { referrer, referred, referral } = await heldReferral();
    const now = new Date("2026-03-02T09:00:00Z");
    const released = await releaseHeldReward(db, reviewer, referral.id, now);
    expect(released).toMatchObject({
      status: "ok",
      referral: { id: referral.id, status: "approved", rewardKobo: 10_000n, referredName: referred.name },
    });
    expect(await referralOf(referred.id)).toMatchObject({
      status: "approved",
      approvedAt: now,
      reviewedAt: now,
      reviewedById: reviewer.id,
      holdReason: HOLD_REASONS.sameEmail,
    });
    expect(await rewardTransfers(referral.id)).toMatchObject([
      { kind: "referral_reward", amountKobo: 10_000n, referenceType: "referral", referenceId: referral.id },
    ]);
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 10_000n });
    expect(await auditRowsFor(db, referral.id)).toMatchObject([
      {
        action: "referral.release",
        actorId: reviewer.id,
        targetType: "referral",
        before: { status: "held", holdReason: HOLD_REASONS.sameEmail },
        after: { status: "approved", reward: "₦100.00" },
      },
    ]);

    const before = await ledgerRowCounts(db);
    expect(await releaseHeldReward(db, reviewer, referral.id)).toEqual({ status: "conflict", current: "approved" });
    expect(await voidHeldReward(db, reviewer, referral.id)).toEqual({ status: "conflict", current: "approved" });
    expect(await ledgerRowCounts(db)).toEqual(before);
    expect(await auditRowsFor(db, referral.id)).toHaveLength(1);
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("void pays nothing, keeps the reason, audits; a later release is refused", async () => {
    const { referrer, referred, referral } = await heldReferral();
    const before = await ledgerRowCounts(db);
    expect(await voidHeldReward(db, reviewer, referral.id)).toMatchObject({
      status: "ok",
      referral: { status: "voided", rewardKobo: 10_000n },
    });
    expect(await referralOf(referred.id)).toMatchObject({
      status: "voided",
      approvedAt: null,
      reviewedById: reviewer.id,
      holdReason: HOLD_REASONS.sameEmail,
    });
    expect(await ledgerRowCounts(db)).toEqual(before);
    expect(await auditRowsFor(db, referral.id)).toMatchObject([
      { action: "referral.void", before: { status: "held" }, after: { status: "voided" } },
    ]);
    expect(await releaseHeldReward(db, reviewer, referral.id)).toEqual({ status: "conflict", current: "voided" });
    expect(await voidHeldReward(db, reviewer, referral.id)).toEqual({ status: "conflict", current: "voided" });
    expect(await ledgerRowCounts(db)).toEqual(before);
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
    expect(await auditRowsFor(db, referral.id)).toHaveLength(1);
  });

  it("refuses an admin without manage_referrals, a pending referral, and an unknown id", async () => {
    const { referral } = await heldReferral();
    const before = await ledgerRowCounts(db);
    expect(await releaseHeldReward(db, upgrades, referral.id)).toEqual({ status: "forbidden" });
    expect(await voidHeldReward(db, upgrades, referral.id)).toEqual({ status: "forbidden" });
    expect((await referralOf(referral.referredId)).status).toBe("held");

    const referrer = await member(db);
    const pendingId = await recordReferral(db, referrer, (await member(db)).id);
    expect(await releaseHeldReward(db, reviewer, pendingId)).toEqual({ status: "conflict", current: "pending" });
    expect(await voidHeldReward(db, reviewer, "no-such-referral")).toEqual({ status: "not-found" });
    expect(await ledgerRowCounts(db)).toEqual(before);
    expect(await auditRowsFor(db, referral.id)).toEqual([]);
  });
});

describe("a held reward that would pay the admin reviewing it", () => {
  /** A held reward whose referrer is `referrerId` (a referral to staff recorded before only members could refer). */
  async function heldFor(referrerId: string) {
    const referred = await member(db);
    const id = await recordReferral(db, { id: referrerId, referralCode: "STAFFCODE9" }, referred.id);
    await db
      .update(referrals)
      .set({ status: "held", rewardKobo: 10_000n, holdReason: HOLD_REASONS.sameIp })
      .where(eq(referrals.id, id));
    return id;
  }

  it.each(["admin", "super_admin"] as const)(
    "a %s cannot release their own: refused, audited, nothing paid; another admin can",
    async (role) => {
      const staff = await createUser(db, { role, permissions: ["manage_referrals"] });
      const self: Actor = { id: staff.id, role, permissions: staff.permissions, ip: "102.89.1.9" };
      const id = await heldFor(staff.id);
      const before = await ledgerRowCounts(db);
      expect(await releaseHeldReward(db, self, id)).toEqual({ status: "own-referral" });
      expect((await db.select().from(referrals).where(eq(referrals.id, id)))[0]).toMatchObject({
        status: "held",
        reviewedById: null,
      });
      expect(await ledgerRowCounts(db)).toEqual(before);
      expect(await auditRowsFor(db, id)).toMatchObject([
        { action: "referral.release_refused", actorId: staff.id, targetType: "referral", ip: "102.89.1.9" },
      ]);

      expect(await releaseHeldReward(db, reviewer, id)).toMatchObject({ status: "ok" });
      expect(await balances(db, staff.id)).toMatchObject({ availableKobo: 10_000n });
    },
  );

  it("voiding their own is allowed: it pays them nothing", async () => {
    const id = await heldFor(reviewer.id);
    expect(await voidHeldReward(db, reviewer, id)).toMatchObject({ status: "ok", referral: { status: "voided" } });
  });
});

describe("the referrer's mails", () => {
  const subjectsTo = async (email: string) => (await emailsTo(db, email)).map((m) => m.subject);

  it("a reward paid at once: one mail with the amount and the referred member's first name only", async () => {
    const referrer = await member(db, { name: "Ngozi Eze" });
    const referred = await register(referrer, `paid.${unique()}@example.ng`, "197.210.9.9");
    await db.update(users).set({ name: "Chidi Okafor" }).where(eq(users.id, referred.id));
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "paid" });
    const mails = await emailsTo(db, referrer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: "Your referral reward of ₦100.00 has been paid",
      dedupeKey: `referral:${(await referralOf(referred.id)).id}:paid`,
    });
    expect(mails[0]!.textBody).toContain("Hello Ngozi Eze,");
    expect(mails[0]!.textBody).toContain(
      "Your referral reward of ₦100.00 for Chidi has been added to your AdNaira balance.",
    );
    expect(mails[0]!.textBody).not.toContain("Okafor");
    expect(mails[0]!.textBody).toContain("{app}/referrals");
  });

  it("held, then released: one mail each; a second release or void mails nothing more", async () => {
    const { referrer, referral } = await heldReferral();
    expect(await subjectsTo(referrer.email)).toEqual(["Your referral reward of ₦100.00 is being reviewed"]);
    expect((await releaseHeldReward(db, reviewer, referral.id)).status).toBe("ok");
    expect((await releaseHeldReward(db, reviewer, referral.id)).status).toBe("conflict");
    expect((await voidHeldReward(db, reviewer, referral.id)).status).toBe("conflict");
    expect((await subjectsTo(referrer.email)).sort()).toEqual([
      "Your referral reward of ₦100.00 has been paid",
      "Your referral reward of ₦100.00 is being reviewed",
    ]);
  });

  it("held, then voided: one mail saying it will not be paid", async () => {
    const { referrer, referral } = await heldReferral();
    expect((await voidHeldReward(db, reviewer, referral.id)).status).toBe("ok");
    expect((await voidHeldReward(db, reviewer, referral.id)).status).toBe("conflict");
    const voided = (await emailsTo(db, referrer.email)).filter((m) => m.dedupeKey === `referral:${referral.id}:voided`);
    expect(voided).toHaveLength(1);
    expect(voided[0]!.subject).toBe("Your referral reward of ₦100.00 will not be paid");
    expect(voided[0]!.textBody).toContain("contact support");
  });

  it("a release rolled back (the caller's transaction fails) leaves no mail", async () => {
    const { referrer, referral } = await heldReferral();
    await expect(
      db.transaction(async (tx) => {
        expect((await releaseHeldReward(tx, reviewer, referral.id)).status).toBe("ok");
        throw new Error("the caller failed after the release");
      }),
    ).rejects.toThrow("the caller failed");
    expect(await subjectsTo(referrer.email)).toEqual(["Your referral reward of ₦100.00 is being reviewed"]);
    expect((await db.select().from(referrals).where(eq(referrals.id, referral.id)))[0]!.status).toBe("held");
  });
});
