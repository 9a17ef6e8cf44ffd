import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerTransfers, membershipTiers, referrals, riskClusters, users } from "~/db/schema";
import { authenticate } from "~/domain/accounts/authenticate.server";
import { registerUser } from "~/domain/accounts/register-user.server";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { referralRewardKey } from "~/domain/referrals/money.server";
import { saveBankDetails, storeBankDetails } from "~/domain/banks/bank-details.server";
import { recordSignals, type Signal } from "~/domain/risk/signals.server";
import { networkOf } from "~/lib/ip-network";
import { auditRowsFor } from "~test/audit";
import { GTB, nuban } from "~test/bank-accounts";
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
/**
 * Registers through `referrer`'s code from `ip`, as the register page does (recording the
 * request's network, and `signals` such as its device); the new member is approved.
 */
async function register(
  referrer: { referralCode: string },
  email: string,
  ip: string,
  signals: readonly Signal[] = [],
) {
  const result = await registerUser(db, {
    name: `Referred ${++n}`,
    email,
    password: PASSWORD,
    referralCode: referrer.referralCode,
    appUrl,
    clientIp: ip,
    signals: [network(ip), ...signals],
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

/** The network signal a request from `ip` records (sign-in and sign-up do). */
const network = (ip: string): Signal => ({ kind: "network", value: networkOf(ip)! });
/** A device no other test uses. */
const newDevice = (): Signal => ({ kind: "device", value: `device-${unique()}` });
/** The risk cluster the member is in (id and status), or null. */
async function clusterOf(userId: string) {
  const [row] = await db
    .select({ id: riskClusters.id, status: riskClusters.status })
    .from(users)
    .innerJoin(riskClusters, eq(riskClusters.id, users.riskClusterId))
    .where(eq(users.id, userId));
  return row ?? null;
}

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

    // Kept for the admins to see; a referral from either network holds nothing (carrier NAT):
    // yet another address on the phone's /64, the IPv4 one, and elsewhere alike.
    await recordSignals(db, referrer.id, [network("41.58.20.1"), network("2c0f:f5c0:442:9::1")]);
    const samePhone = await register(referrer, `p.${unique()}@example.ng`, "2c0f:f5c0:442:9:1234::6");
    const sameIpv4 = await register(referrer, `q.${unique()}@example.ng`, "::ffff:41.58.20.1");
    const elsewhere = await register(referrer, `r.${unique()}@example.ng`, "2c0f:f5c0:442:a::6");
    for (const referred of [samePhone, sameIpv4, elsewhere]) {
      expect(await referralOf(referred.id)).toMatchObject({ status: "pending", holdReason: null });
      expect(await clusterOf(referred.id)).toBeNull();
    }
    expect(await firstUpgradeApproved(samePhone.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await firstUpgradeApproved(sameIpv4.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 20_000n });
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

  it("the referrer's sign-up address or any recent sign-in's: no reason (a shared network alone holds nothing)", async () => {
    const signedUpThere = await member(db);
    await db.update(users).set({ signupIp: "102.89.5.5" }).where(eq(users.id, signedUpThere.id));
    await recordSignals(db, signedUpThere.id, [network("102.89.5.5")]);
    const a = await register(signedUpThere, `a.${unique()}@example.ng`, "102.89.5.5");
    expect(await referralOf(a.id)).toMatchObject({ status: "pending", holdReason: null });

    const signedInThere = await member(db);
    await db
      .update(users)
      .set({ recentLoginIps: ["102.89.6.1", "102.89.6.2", "102.89.6.3", "102.89.6.4", "102.89.6.6"] })
      .where(eq(users.id, signedInThere.id));
    // The newest of the five and the oldest alike.
    const b = await register(signedInThere, `b.${unique()}@example.ng`, "102.89.6.1");
    const c = await register(signedInThere, `c.${unique()}@example.ng`, "102.89.6.6");
    expect((await referralOf(b.id)).holdReason).toBeNull();
    expect((await referralOf(c.id)).holdReason).toBeNull();

    // Paid when due: nothing waits for an admin.
    expect(await firstUpgradeApproved(a.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await firstUpgradeApproved(b.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await balances(db, signedUpThere.id)).toMatchObject({ availableKobo: 10_000n });
    expect(await balances(db, signedInThere.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("IPv6 on the referrer's /64, or an IPv4-mapped spelling of their IPv4 address: no reason either", async () => {
    const referrer = await member(db);
    await db
      .update(users)
      .set({ signupIp: "2c0f:f5c0:440:1a2b::10", recentLoginIps: ["102.90.3.4"] })
      .where(eq(users.id, referrer.id));
    await recordSignals(db, referrer.id, [network("2c0f:f5c0:440:1a2b::10"), network("102.90.3.4")]);
    const sameLine = await register(referrer, `g.${unique()}@example.ng`, "2C0F:F5C0:440:1A2B:ABCD::77");
    const mapped = await register(referrer, `j.${unique()}@example.ng`, "::ffff:665a:304");
    for (const referred of [sameLine, mapped]) {
      expect((await referralOf(referred.id)).holdReason).toBeNull();
      expect(await clusterOf(referred.id)).toBeNull();
    }
    expect(await firstUpgradeApproved(mapped.id)).toMatchObject({ status: "paid" });
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

describe("the reward when it is due", () => {
  it("same normalized email: held with its reward, nothing paid", async () => {
    const { referrer, referral } = await heldReferral();
    expect(referral).toMatchObject({ status: "held", rewardKobo: 10_000n, approvedAt: null });
    expect(await rewardTransfers(referral.id)).toEqual([]);
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
  });

  it("a shared network seen only later (the referred member signed in from the referrer's): paid all the same", async () => {
    const referrer = await member(db, { password: PASSWORD });
    await db.update(users).set({ signupIp: "102.89.8.8" }).where(eq(users.id, referrer.id));
    await recordSignals(db, referrer.id, [network("102.89.8.8")]);
    const referred = await register(referrer, `d.${unique()}@example.ng`, "197.210.4.4");
    expect((await referralOf(referred.id)).holdReason).toBeNull();
    await authenticate(db, { email: referred.email, password: PASSWORD, clientIp: "102.89.8.8" });
    // As the sign-in records it: the referrer's network, on another device.
    await recordSignals(db, referred.id, [network("102.89.8.8"), newDevice()]);
    expect(await clusterOf(referred.id)).toBeNull();
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await referralOf(referred.id)).toMatchObject({ status: "approved", holdReason: null, rewardKobo: 10_000n });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("both on one IPv6 home line (sign-ins from the same /64): paid", async () => {
    const referrer = await member(db, { password: PASSWORD });
    const referred = await register(referrer, `k.${unique()}@example.ng`, "197.210.4.5");
    for (const ip of ["2c0f:f5c0:441:77::1", "41.58.10.1", "41.58.10.2", "41.58.10.3", "41.58.10.4"]) {
      await authenticate(db, { email: referrer.email, password: PASSWORD, clientIp: ip });
      await recordSignals(db, referrer.id, [network(ip)]);
    }
    await authenticate(db, { email: referred.email, password: PASSWORD, clientIp: "2c0f:f5c0:441:77:9a::2" });
    await recordSignals(db, referred.id, [network("2c0f:f5c0:441:77:9a::2")]);
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("three accounts on one device (beyond the family allowance of 2): held as linked when the reward is due", async () => {
    const phone = newDevice();
    const referrer = await member(db);
    await recordSignals(db, referrer.id, [phone]);
    const referred = await register(referrer, `l.${unique()}@example.ng`, "197.210.6.1", [phone]);
    // Nothing at sign-up: the link is judged when the reward is due.
    expect(await referralOf(referred.id)).toMatchObject({ status: "pending", holdReason: null });
    expect((await clusterOf(referred.id))?.status).toBe("clear");
    const third = await member(db);
    expect(await recordSignals(db, third.id, [phone])).toMatchObject({ opened: true });
    expect(await clusterOf(referrer.id)).toEqual(await clusterOf(referred.id));
    expect((await clusterOf(referred.id))?.status).toBe("open");

    expect(await firstUpgradeApproved(referred.id)).toEqual({
      status: "held",
      referralId: (await referralOf(referred.id)).id,
      referrerId: referrer.id,
      rewardKobo: 10_000n,
      holdReason: HOLD_REASONS.linked,
    });
    const referral = await referralOf(referred.id);
    expect(referral).toMatchObject({ status: "held", holdReason: HOLD_REASONS.linked, approvedAt: null });
    expect(await rewardTransfers(referral.id)).toEqual([]);
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
    expect((await emailsTo(db, referrer.email)).map((m) => m.subject)).toEqual([
      "Your referral reward of ₦100.00 is being reviewed",
    ]);
    // An admin releases it as any held reward.
    expect(await releaseHeldReward(db, reviewer, referral.id)).toMatchObject({ status: "ok" });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("two accounts on one device (a family, within the allowance): paid", async () => {
    const phone = newDevice();
    const referrer = await member(db);
    await recordSignals(db, referrer.id, [phone]);
    const referred = await register(referrer, `m.${unique()}@example.ng`, "197.210.6.2", [phone]);
    const cluster = await clusterOf(referred.id);
    expect(cluster).toMatchObject({ status: "clear" });
    expect(await clusterOf(referrer.id)).toEqual(cluster);
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await referralOf(referred.id)).toMatchObject({ status: "approved", holdReason: null });
    expect(await balances(db, referrer.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("the referrer and the referred paid into one bank account the bank confirmed as theirs: held as linked", async () => {
    // Both named as the account's holder (a farm renames its accounts to pass the name check).
    const referrer = await member(db, { password: PASSWORD, name: "Adaeze Okafor" });
    const referred = await register(referrer, `n.${unique()}@example.ng`, "197.210.6.3");
    await db.update(users).set({ name: "Okafor Adaeze" }).where(eq(users.id, referred.id));
    const account = nuban(GTB, "270000001");
    // Typed without the bank's lookup: a number anyone can type links no one.
    for (const who of [referrer, referred]) {
      const typed = await saveBankDetails(db, {
        userId: who.id,
        actor: { id: who.id, role: "user", permissions: [] },
        currentPassword: PASSWORD,
        accountHolderName: "Adaeze Okafor",
        bankCode: GTB,
        accountNumber: account,
      });
      expect(typed).toMatchObject({ status: "ok", changed: true });
    }
    expect(await clusterOf(referred.id)).toBeNull();
    // Resolved by the bank in their names: one account paying two members.
    for (const who of [referrer, referred]) {
      await storeBankDetails(db, {
        userId: who.id,
        actor: { id: who.id, role: "user", permissions: [] },
        user: { email: `x.${who.id}@example.ng`, name: "Adaeze Okafor" },
        next: { accountHolderName: "ADAEZE OKAFOR", bankCode: GTB, accountNumber: account },
        nameResolvedAt: new Date(),
      });
    }
    expect((await clusterOf(referred.id))?.status).toBe("open");
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({
      status: "held",
      rewardKobo: 10_000n,
      holdReason: HOLD_REASONS.linked,
    });
    expect(await referralOf(referred.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.linked });
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
  });

  it("a network alone links nothing even for three accounts; the network with one fingerprint does", async () => {
    // Three members behind one carrier address, each on their own phone: paid.
    const nat = network(`102.91.${++n % 250}.1`);
    const referrer = await member(db);
    await recordSignals(db, referrer.id, [nat, newDevice()]);
    const referred = await register(referrer, `s.${unique()}@example.ng`, "197.210.7.1", [nat, newDevice()]);
    await recordSignals(db, (await member(db)).id, [nat, newDevice()]);
    expect(await clusterOf(referred.id)).toBeNull();
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "paid" });

    // Three accounts on one network with one browser fingerprint (cookies cleared): one phone.
    const fingerprint: Signal = { kind: "fingerprint", value: randomUUID().replaceAll("-", "") };
    const home = network(`102.92.${++n % 250}.1`);
    // Seen together in each sign-in: what links them (requestSignals).
    const together: Signal = { kind: "network_fingerprint", value: `${home.value}|${fingerprint.value}` };
    const other = await member(db);
    await recordSignals(db, other.id, [home, fingerprint, together, newDevice()]);
    const again = await register(other, `t.${unique()}@example.ng`, "197.210.7.2", [
      home,
      fingerprint,
      together,
      newDevice(),
    ]);
    expect((await clusterOf(again.id))?.status).toBe("clear");
    await recordSignals(db, (await member(db)).id, [home, fingerprint, together, newDevice()]);
    expect((await clusterOf(again.id))?.status).toBe("open");
    expect(await firstUpgradeApproved(again.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.linked });
  });

  it("linked beyond the allowances to others, though not to the referrer: held until the review", async () => {
    const phone = newDevice();
    const referrer = await member(db);
    const referred = await register(referrer, `u.${unique()}@example.ng`, "197.210.8.1", [phone]);
    for (let i = 0; i < 2; i++) await recordSignals(db, (await member(db)).id, [phone]);
    expect((await clusterOf(referred.id))?.status).toBe("open");
    expect(await clusterOf(referrer.id)).toBeNull();
    expect(await firstUpgradeApproved(referred.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.linked });
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
      .set({ status: "held", rewardKobo: 10_000n, holdReason: HOLD_REASONS.linked })
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
