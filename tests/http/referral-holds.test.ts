import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSignals, ledgerTransfers, referrals, riskClusters, users } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { referralRewardKey } from "~/domain/referrals/money.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { HOLD_REASONS } from "~/domain/referrals/referral-abuse";
import { bankAccountSignal, recordSignals } from "~/domain/risk/signals.server";
import { auditRowsFor } from "~test/audit";
import { type HttpClient, pageText, startTestApp, type TestApp } from "~test/app";
import {
  createUser,
  member,
  membershipAdmin,
  recordReferral,
  setReferralRule,
  setReceivingAccount,
} from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { signIn, signInAdmin, signInMember } from "~test/sign-in";
import { statusOf } from "~test/status";

/**
 * Self-referrals over HTTP: the sign-up and sign-in addresses come from the request (behind one
 * proxy, so each client speaks from its own X-Forwarded-For) and are kept, but a shared network
 * alone holds nothing (carrier NAT); accounts linked beyond the allowances (a shared device or
 * bank account) hold the reward, and an admin releases or voids it on /admin/referrals, with or
 * without JavaScript.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: "1" } });
  await setReferralRule(app.services.db, { active: true, type: "fixed", fixedKobo: 10_000n });
});
afterAll(async () => {
  if (app) await expectLedgerReconciled(app.services.db);
  await app?.close();
});

const db = () => app.services.db;
const from = (ip: string) => ({ "X-Forwarded-For": ip });
let n = 0;
let ipCounter = 0;
const freshIp = () => `10.77.${++ipCounter >> 8}.${ipCounter & 255}`;

/** Someone registers as `name` at `email` with `referralCode`, from `signupIp`; resolves with them and the referral. */
async function registeredWithCode(referralCode: string, name: string, email: string, signupIp: string) {
  const password = "Lagos-Harmattan-2024!";
  const res = await app
    .client()
    .post("/register", { name, email, password, confirmPassword: password, referralCode }, from(signupIp));
  expect(res.status).toBe(302);
  const [referred] = await db().select().from(users).where(eq(users.email, email));
  const [row] = await db().select().from(referrals).where(eq(referrals.referredId, referred!.id));
  return { referred: referred!, referral: row! };
}

/** A referrer signed in from `ip`; someone registers with their code from `signupIp`. */
async function referral(ip: string, signupIp: string) {
  const tag = `${++n}.${Date.now().toString(36)}`;
  const referrer = await createUser(db(), { name: `Ada Referrer ${tag}`, isApproved: true });
  const referrerClient = await signIn(app, referrer, { ip });
  const registered = await registeredWithCode(
    referrer.referralCode,
    `Bisi Referred ${tag}`,
    `bisi.${tag}@holds.test`,
    signupIp,
  );
  const { referred } = registered;
  await db().update(users).set({ isApproved: true, emailConfirmedAt: new Date() }).where(eq(users.id, referred.id));
  return { referrer, referrerClient, ...registered };
}

/** The referred member's first upgrade, approved: a held referral's reward waits. */
async function upgraded(referredId: string) {
  await setReceivingAccount(db()); // bank transfer is offered only with one
  const r = await requestUpgrade(db(), { userId: referredId, tierId: "bronze", method: "bank_transfer" });
  if (r.status !== "ok") throw new Error(r.status);
  const approved = await approveUpgrade(db(), await membershipAdmin(db()), r.request.id);
  if (approved.status !== "ok") throw new Error(approved.status);
  return approved.referral;
}

let accountCounter = 0;
/** Records one bank account (a new one each time) for both members, as saving their bank details does. */
async function shareBankAccount(...userIds: string[]) {
  const account = bankAccountSignal("058", `07${String(++accountCounter).padStart(8, "0")}`);
  for (const id of userIds) await recordSignals(db(), id, [account]);
}

/** The member's risk cluster's status ("clear" or "open"), or null when they are linked to no one. */
async function clusterStatusOf(userId: string) {
  const [row] = await db()
    .select({ status: riskClusters.status })
    .from(users)
    .innerJoin(riskClusters, eq(riskClusters.id, users.riskClusterId))
    .where(eq(users.id, userId));
  return row?.status ?? null;
}

/** A referral whose referrer and referred are paid into one bank account: its reward is held when due. */
async function heldReferral() {
  const r = await referral(freshIp(), freshIp());
  await shareBankAccount(r.referrer.id, r.referred.id);
  expect(await upgraded(r.referred.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.linked });
  return r;
}

const rewardTransfers = (id: string) =>
  db()
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, referralRewardKey(id)));

describe("addresses at sign-up and sign-in", () => {
  it("stores the request's address; a different network holds nothing", async () => {
    const { referrer, referred, referral: row } = await referral("10.78.0.1", "10.78.0.2");
    const [stored] = await db().select().from(users).where(eq(users.id, referrer.id));
    expect(stored).toMatchObject({ recentLoginIps: ["10.78.0.1"] });
    expect(referred).toMatchObject({ signupIp: "10.78.0.2" });
    expect(row).toMatchObject({ status: "pending", holdReason: null });
  });

  it("the referrer's network at sign-up: recorded for both, no reason, and the reward is paid when due", async () => {
    const ip = freshIp();
    const { referral: row, referred, referrer } = await referral(ip, ip);
    expect(row).toMatchObject({ status: "pending", holdReason: null });
    expect(referred.signupIp).toBe(ip);
    // Both requests' networks are kept as signals: the same one, which links nothing on its own.
    const networks = await db()
      .select({ userId: accountSignals.userId })
      .from(accountSignals)
      .where(and(eq(accountSignals.kind, "network"), eq(accountSignals.value, ip)));
    expect(networks.map((s) => s.userId).sort()).toEqual([referrer.id, referred.id].sort());
    expect(await clusterStatusOf(referred.id)).toBeNull();

    expect(await upgraded(referred.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });
    expect(await statusOf(db(), referrals, row.id)).toBe("approved");
    expect(await rewardTransfers(row.id)).toMatchObject([{ amountKobo: 10_000n }]);
    expect(await balances(db(), referrer.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("the referrer and the referred paid into one bank account: held as linked when the upgrade is approved", async () => {
    const { referral: row, referred, referrer } = await referral(freshIp(), freshIp());
    expect(row).toMatchObject({ status: "pending", holdReason: null });
    await shareBankAccount(referrer.id, referred.id);
    expect(await clusterStatusOf(referred.id)).toBe("open");
    expect(await upgraded(referred.id)).toMatchObject({
      status: "held",
      rewardKobo: 10_000n,
      holdReason: HOLD_REASONS.linked,
    });
    const [stored] = await db().select().from(referrals).where(eq(referrals.id, row.id));
    expect(stored).toMatchObject({ status: "held", holdReason: HOLD_REASONS.linked, rewardKobo: 10_000n });
    expect(await rewardTransfers(row.id)).toEqual([]);
    expect(await balances(db(), referrer.id)).toMatchObject({ availableKobo: 0n });
  });

  it("sign-ups in the referrer's browser (its device cookie): two accounts are a family and paid; three are held", async () => {
    /** A new client carrying only `from`'s device cookie: another account signing up in that browser. */
    const sameBrowser = (from: HttpClient) => {
      const client = app.client();
      for (const [name, value] of from.cookies) if (/_did$/.test(name)) client.cookies.set(name, value);
      expect(client.cookies.size).toBe(1);
      return client;
    };
    /** A browser that opened the login page (which gives it its device cookie) and signed in there. */
    const signedInBrowser = async (user: { email: string; password: string }) => {
      const client = app.client();
      const ip = from(freshIp());
      await client.get("/login", ip);
      const res = await client.post("/login", { email: user.email, password: user.password }, ip);
      expect(res.status).toBe(302);
      return client;
    };
    const password = "Lagos-Harmattan-2024!";
    const signUp = async (client: HttpClient, email: string, referralCode = "") => {
      const res = await client.post(
        "/register",
        { name: `Bisi Browser ${++n}`, email, password, confirmPassword: password, referralCode },
        from(freshIp()),
      );
      expect(res.status).toBe(302);
      const [user] = await db().select().from(users).where(eq(users.email, email));
      await db().update(users).set({ isApproved: true, emailConfirmedAt: new Date() }).where(eq(users.id, user!.id));
      return user!;
    };

    // A family phone: the referrer and one referred member.
    const family = await createUser(db(), { isApproved: true });
    const familyClient = await signedInBrowser(family);
    const child = await signUp(sameBrowser(familyClient), `child.${++n}@holds.test`, family.referralCode);
    expect(await clusterStatusOf(child.id)).toBe("clear");
    expect(await upgraded(child.id)).toMatchObject({ status: "paid", rewardKobo: 10_000n });

    // One browser behind three accounts: beyond the allowance of two.
    const farmer = await createUser(db(), { isApproved: true });
    const farmerClient = await signedInBrowser(farmer);
    const second = await signUp(sameBrowser(farmerClient), `second.${++n}@holds.test`, farmer.referralCode);
    expect(await clusterStatusOf(second.id)).toBe("clear");
    await signUp(sameBrowser(farmerClient), `third.${++n}@holds.test`);
    expect(await clusterStatusOf(second.id)).toBe("open");
    expect(await upgraded(second.id)).toMatchObject({ status: "held", holdReason: HOLD_REASONS.linked });
    expect(await balances(db(), farmer.id)).toMatchObject({ availableKobo: 0n });
  });
});

describe("a shared network no longer holds, whichever address it was", () => {
  /** The referrer signs in from each of `ips` in turn; someone registers with their code from `signupIp`. */
  async function referredAfterSignIns(ips: string[], signupIp: string) {
    const tag = `${++n}.${Date.now().toString(36)}`;
    const referrer = await createUser(db(), { name: `Ada Many ${tag}`, isApproved: true });
    for (const ip of ips) await signIn(app, referrer, { ip });
    const { referral: row } = await registeredWithCode(
      referrer.referralCode,
      `Bisi Many ${tag}`,
      `many.${tag}@holds.test`,
      signupIp,
    );
    return { referrer, row };
  }

  it("the oldest and the newest of the last 5 sign-in addresses: kept, and no reason", async () => {
    const ips = ["10.79.0.1", "10.79.0.2", "10.79.0.3", "10.79.0.4", "10.79.0.5"];
    const { referrer, row } = await referredAfterSignIns(ips, "10.79.0.1");
    expect(row).toMatchObject({ status: "pending", holdReason: null });
    const [stored] = await db().select().from(users).where(eq(users.id, referrer.id));
    expect(stored!.recentLoginIps).toEqual([...ips].reverse());
    const { row: newest } = await referredAfterSignIns(ips, "10.79.0.5");
    expect(newest.holdReason).toBeNull();
  });

  it("an IPv6 address on the referrer's /64, or an IPv4-mapped spelling of their address: no reason", async () => {
    const { row: sameLine } = await referredAfterSignIns(["2c0f:f5c0:440:1a2b::10"], "2c0f:f5c0:440:1a2b:77::9");
    expect(sameLine.holdReason).toBeNull();
    const { row: mapped } = await referredAfterSignIns(["10.79.1.1"], "::ffff:10.79.1.1");
    expect(mapped.holdReason).toBeNull();
  });
});

describe("held rewards on /admin/referrals", () => {
  it("lists them under Held with the reason and Release / Void links", async () => {
    const { referral: row, referred } = await heldReferral();
    const { client } = await signInAdmin(app, ["manage_referrals"], { ip: freshIp() });
    const page = await client.get("/admin/referrals?status=held");
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toMatch(/Held \(\d+\)/);
    expect(page.body).toContain(`referral-row-${referred.email}`);
    expect(text).toContain(HOLD_REASONS.linked);
    expect(page.body).toContain(`href="?status=held&amp;review=${row.id}&amp;decision=release"`);
    expect(page.body).toContain(`href="?status=held&amp;review=${row.id}&amp;decision=void"`);
    // No address is shown, to anyone.
    expect(page.body).not.toContain(referred.signupIp!);
    const pending = await client.get("/admin/referrals?status=pending");
    expect(pending.body).not.toContain(`referral-row-${referred.email}`);
  });

  it("without JavaScript: the link asks on the page (a GET changes nothing), the plain form releases once", async () => {
    const { referral: row, referrer } = await heldReferral();
    const { user: admin, client } = await signInAdmin(app, ["manage_referrals"], { ip: freshIp() });
    const ask = await client.get(`/admin/referrals?status=held&review=${row.id}&decision=release`);
    const asked = pageText(ask.body);
    expect(asked).toContain("Release held reward?");
    expect(asked).toContain(`₦100.00 is paid to ${referrer.name}'s available balance`);
    expect(ask.body).toMatch(/<form[^>]*action="\/admin\/referrals\/review\?status=held" method="post"/);
    expect(await statusOf(db(), referrals, row.id)).toBe("held");

    const released = await client.post("/admin/referrals/review?status=held", {
      intent: "release",
      referralId: row.id,
    });
    expect(released.status).toBe(200);
    const text = pageText(released.body);
    expect(text).toContain("Reward Released");
    expect(text).toContain(`₦100.00 has been paid to ${referrer.name}`);
    expect(released.body).not.toContain(`review=${row.id}`);
    expect(await statusOf(db(), referrals, row.id)).toBe("approved");
    expect(await rewardTransfers(row.id)).toMatchObject([{ amountKobo: 10_000n }]);
    expect(await balances(db(), referrer.id)).toMatchObject({ availableKobo: 10_000n });
    expect(await auditRowsFor(db(), row.id)).toMatchObject([{ action: "referral.release", actorId: admin.id }]);

    const again = await client.post("/admin/referrals/review", { intent: "void", referralId: row.id });
    expect(again.status).toBe(409);
    expect(pageText(again.body)).toContain("This reward is no longer on hold (it is Approved");
    expect(await rewardTransfers(row.id)).toHaveLength(1);
    // The question is not asked about a reward that is no longer held.
    expect(pageText((await client.get(`/admin/referrals?review=${row.id}&decision=void`)).body)).not.toContain(
      "Void held reward?",
    );
  });

  it("void pays nothing, audited; the member sees Voided and earns nothing", async () => {
    const { referral: row, referrer, referrerClient } = await heldReferral();
    const { client } = await signInAdmin(app, ["manage_referrals"], { ip: freshIp() });
    const voided = await client.post("/admin/referrals/review", { intent: "void", referralId: row.id });
    expect(voided.status).toBe(200);
    expect(pageText(voided.body)).toContain("Reward Voided");
    expect(await statusOf(db(), referrals, row.id)).toBe("voided");
    expect(await rewardTransfers(row.id)).toEqual([]);
    expect(await auditRowsFor(db(), row.id)).toMatchObject([{ action: "referral.void" }]);
    const mine = pageText((await referrerClient.get("/referrals")).body);
    expect(mine).toContain("Voided");
    expect(mine).toContain("Total Referral Earnings ₦0.00");
    expect(await balances(db(), referrer.id)).toMatchObject({ availableKobo: 0n });
  });

  it("an admin cannot release a reward that would pay themselves: 403 with the reason, audited, nothing paid", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_referrals"], { ip: freshIp() });
    // A referral to staff recorded before only members could refer stays as it was.
    const referred = await member(db());
    const id = await recordReferral(db(), admin, referred.id);
    await db()
      .update(referrals)
      .set({ status: "held", rewardKobo: 10_000n, holdReason: HOLD_REASONS.linked })
      .where(eq(referrals.id, id));
    const res = await client.post("/admin/referrals/review?status=held", { intent: "release", referralId: id });
    expect(res.status).toBe(403);
    const text = pageText(res.body);
    expect(text).toContain("Review Failed");
    expect(text).toContain(
      "This reward would be paid to you, so you cannot release it. Ask another admin to review it.",
    );
    expect(await statusOf(db(), referrals, id)).toBe("held");
    expect(await rewardTransfers(id)).toEqual([]);
    expect(await auditRowsFor(db(), id)).toMatchObject([
      { action: "referral.release_refused", actorId: admin.id, targetType: "referral" },
    ]);
    // The audit log names the refusal.
    const { client: auditor } = await signInAdmin(app, ["view_reports"], { ip: freshIp() });
    expect(pageText((await auditor.get("/admin/audit?action=referral.release_refused")).body)).toContain(
      "Held reward release refused: own referral",
    );

    const { client: another } = await signInAdmin(app, ["manage_referrals"], { ip: freshIp() });
    expect((await another.post("/admin/referrals/review", { intent: "release", referralId: id })).status).toBe(200);
    expect(await balances(db(), admin.id)).toMatchObject({ availableKobo: 10_000n });
  });

  it("refuses an admin without manage_referrals (403), and a malformed or unknown referral", async () => {
    const { referral: row } = await heldReferral();
    const { client: other } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_referrals"),
      { ip: freshIp() },
    );
    for (const intent of ["release", "void"]) {
      const res = await other.post("/admin/referrals/review", { intent, referralId: row.id });
      expect(res.status).toBe(403);
    }
    const { client: member } = await signInMember(app, { ip: freshIp() });
    // A member is sent away from admin pages, as from any other.
    expect((await member.post("/admin/referrals/review", { intent: "release", referralId: row.id })).status).toBe(302);
    expect(await statusOf(db(), referrals, row.id)).toBe("held");
    expect(await auditRowsFor(db(), row.id)).toEqual([]);

    const { client } = await signInAdmin(app, ["manage_referrals"], { ip: freshIp() });
    expect((await client.post("/admin/referrals/review", { intent: "release", referralId: "" })).status).toBe(400);
    const gone = await client.post("/admin/referrals/review", { intent: "release", referralId: "no-such-referral" });
    expect(gone.status).toBe(404);
    expect(pageText(gone.body)).toContain("This referral no longer exists.");
  });
});

describe("held rewards on the member's /referrals", () => {
  it("shows On hold — under review without the reason, not counted in the earnings; Approved once released", async () => {
    const { referral: row, referrerClient, referred } = await heldReferral();
    const held = await referrerClient.get("/referrals");
    const text = pageText(held.body);
    expect(text).toContain(referred.name);
    expect(text).toContain("On hold — under review");
    expect(text).toContain("An admin reviews the reward before it is paid.");
    // Why it is held is for the admins: the referrer is not told what gave them away.
    for (const reason of Object.values(HOLD_REASONS)) expect(text).not.toContain(reason);
    expect(text).not.toMatch(/IP address|Linked accounts|email address as the referrer/i);
    expect(text).toContain("Total Referral Earnings ₦0.00");
    expect(held.body).not.toContain(referred.signupIp!);

    const { client } = await signInAdmin(app, ["manage_referrals"], { ip: freshIp() });
    expect((await client.post("/admin/referrals/review", { intent: "release", referralId: row.id })).status).toBe(200);
    const after = pageText((await referrerClient.get("/referrals")).body);
    expect(after).toContain("Approved");
    expect(after).not.toContain("On hold");
    expect(after).toContain("Total Referral Earnings ₦100.00");
  });
});
