import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emails, ledgerTransfers, membershipTiers, referrals, upgradeRequests, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { rewardReferrer } from "~/domain/referrals/referral-reward.server";
import { newDisplayId, newId } from "~/domain/shared/ids";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { latch } from "~test/latch";
import { openTestDatabase, usingPostgres } from "~test/database";
import {
  creditUser,
  formKey,
  member,
  membershipAdmin,
  payee,
  recordReferral,
  setReceivingAccount,
  setReferralRule,
  setWithdrawalSettings,
} from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { approveUpgrade, rejectUpgrade } from "./process-upgrade.server";
import { requestUpgrade, type RequestUpgradeResult } from "./request-upgrade.server";

// Real races need PostgreSQL (PGlite runs one transaction at a time, so there the same calls
// only prove the bookkeeping). With DATABASE_URL set, every Promise.all below puts up to 40
// transactions on the server at once.
const { db } = await openTestDatabase({ poolSize: 40 });
let admins: Actor[];
beforeAll(async () => {
  admins = [await membershipAdmin(db), await membershipAdmin(db), await membershipAdmin(db, [], "super_admin")];
  await setReferralRule(db, { active: true, type: "percentage", percentBps: 4_000 });
  await setReceivingAccount(db);
});
afterEach(async () => expectBooksBalanced(db));

const countBy = (results: { status: string }[]) =>
  results.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

async function funded(balanceKobo: bigint) {
  const m = await member(db);
  if (balanceKobo > 0n) await creditUser(db, m.id, balanceKobo);
  return m;
}

describe.runIf(usingPostgres())("racing upgrades on PostgreSQL", () => {
  it("30 concurrent requests by one member → one pending request, the balance held once", async () => {
    const m = await funded(300_000n);
    const tiers = ["bronze", "silver", "gold", "vip"];
    const results: RequestUpgradeResult[] = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        requestUpgrade(db, { userId: m.id, tierId: tiers[i % tiers.length]!, method: "balance" }),
      ),
    );
    expect(countBy(results)).toEqual({ ok: 1, "pending-exists": 29 });
    const ok = results.find((r) => r.status === "ok")!;
    if (ok.status !== "ok") return;
    for (const r of results) if (r.status === "pending-exists") expect(r.request).toEqual(ok.request);
    const rows = await db.select().from(upgradeRequests).where(eq(upgradeRequests.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(await balances(db, m.id)).toEqual({
      availableKobo: 300_000n - ok.request.priceKobo,
      heldKobo: ok.request.priceKobo,
    });
  });

  it("one-pending backstop: a request that got past the member lock loses to the unique index and reports the winner", async () => {
    const m = await funded(100_000n);
    const winnerId = newId();
    const inserted = latch();
    const gate = latch();
    // Transaction A stores a pending request without taking the member lock and stays open:
    // B's insert must wait on the partial unique index, then find A's row.
    const a = db.transaction(async (tx) => {
      await tx.insert(upgradeRequests).values({
        id: winnerId,
        reference: newDisplayId("UPG-"),
        userId: m.id,
        fromTierId: "basic",
        tierId: "gold",
        priceKobo: 150_000n,
        method: "bank_transfer",
      });
      inserted.open();
      await gate.opened;
    });
    await inserted.opened;
    const b = requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    gate.open();
    await a;
    expect(await b).toMatchObject({ status: "pending-exists", request: { id: winnerId, tierId: "gold" } });
    expect(await db.$count(upgradeRequests, eq(upgradeRequests.userId, m.id))).toBe(1);
    expect(await balances(db, m.id)).toEqual({ availableKobo: 100_000n, heldKobo: 0n });
  });

  it("an upgrade and a withdrawal of the whole balance at once, over 50 fresh members → never both, never negative", async () => {
    await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
    const members = await Promise.all(Array.from({ length: 50 }, () => payee(db, { balanceKobo: 50_000n })));
    const results = await Promise.all(
      members.map(async (m, i) => {
        const upgrade = () => requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
        const withdraw = () => requestWithdrawal(db, { userId: m.id, amountKobo: 50_000n, idempotencyKey: formKey() });
        // Half start with the upgrade, half with the withdrawal.
        const [a, b] =
          i % 2 === 0 ? await Promise.all([upgrade(), withdraw()]) : await Promise.all([withdraw(), upgrade()]);
        return i % 2 === 0 ? { upgrade: a, withdrawal: b } : { upgrade: b, withdrawal: a };
      }),
    );
    for (const [i, { upgrade, withdrawal }] of results.entries()) {
      expect([upgrade.status, withdrawal.status].filter((s) => s === "ok")).toHaveLength(1);
      expect(["ok", "insufficient-funds"]).toContain(upgrade.status);
      expect(["ok", "insufficient-funds"]).toContain(withdrawal.status);
      expect(await balances(db, members[i]!.id)).toEqual({ availableKobo: 0n, heldKobo: 50_000n });
    }
  });

  it("two Approve and two Reject at once on each of 100 pending requests → each decided once; referrers paid once", async () => {
    const revenueBefore = await platformBalance(db, "membership_revenue");
    const rewardsBefore = await platformBalance(db, "referral_rewards");
    const referrers = await Promise.all(Array.from({ length: 10 }, () => funded(0n)));
    const members = await Promise.all(Array.from({ length: 100 }, () => funded(200_000n)));
    for (const [i, m] of members.entries()) if (i % 2 === 0) await recordReferral(db, referrers[i % 10]!, m.id);
    const ids: string[] = [];
    for (const [i, m] of members.entries()) {
      const r = await requestUpgrade(db, {
        userId: m.id,
        tierId: ["bronze", "silver", "gold", "vip"][i % 4]!,
        method: i % 3 === 0 ? "bank_transfer" : "balance",
      });
      if (r.status !== "ok") throw new Error(r.status);
      ids.push(r.request.id);
    }
    const admin = (n: number) => admins[n % admins.length]!;
    const rounds = await Promise.all(
      ids.map(async (id, n) => {
        const results = await Promise.all([
          approveUpgrade(db, admin(n), id),
          rejectUpgrade(db, admin(n + 1), id),
          approveUpgrade(db, admin(n + 2), id),
          rejectUpgrade(db, admin(n), id),
        ]);
        return { id, results };
      }),
    );
    const final = new Map(
      (await db.select().from(upgradeRequests).where(inArray(upgradeRequests.id, ids))).map((r) => [r.id, r]),
    );
    const transfers = await db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.referenceId, ids));
    const audits = await db.select().from(auditLog).where(inArray(auditLog.targetId, ids));
    let approvedRevenue = 0n;
    for (const { id, results } of rounds) {
      const oks = results.flatMap((r, i) => (r.status === "ok" ? [i] : []));
      expect(oks).toHaveLength(1);
      for (const r of results) if (r.status !== "ok") expect(r.status).toBe("conflict");
      const row = final.get(id)!;
      const approved = oks[0]! % 2 === 0;
      expect(row.status).toBe(approved ? "approved" : "rejected");
      const [memberRow] = await db.select().from(users).where(eq(users.id, row.userId));
      expect(memberRow!.membershipTierId).toBe(approved ? row.tierId : "basic");
      const kinds = transfers
        .filter((t) => t.referenceId === id)
        .map((t) => t.kind)
        .sort();
      const expected = row.method === "balance" ? ["upgrade_hold"] : [];
      expected.push(approved ? "upgrade_payment" : row.method === "balance" ? "upgrade_release" : "");
      expect(kinds).toEqual(expected.filter(Boolean).sort());
      expect(audits.filter((a) => a.targetId === id).map((a) => a.action)).toEqual([
        approved ? "upgrade.approve" : "upgrade.reject",
      ]);
      if (approved) approvedRevenue += row.priceKobo;
    }
    expect((await platformBalance(db, "membership_revenue")) - revenueBefore).toBe(approvedRevenue);
    // One mail with each request, and one with its decision.
    const mails = await db.$count(
      emails,
      inArray(
        emails.toAddress,
        members.map((m) => m.email),
      ),
    );
    expect(mails).toBe(200);

    // Every referral of an approved member paid exactly once, 40% of that member's price.
    const paid = await db
      .select()
      .from(referrals)
      .where(
        inArray(
          referrals.referrerId,
          referrers.map((r) => r.id),
        ),
      );
    let rewards = 0n;
    for (const referral of paid) {
      const request = [...final.values()].find((r) => r.userId === referral.referredId)!;
      if (request.status === "approved") {
        expect(referral).toMatchObject({ status: "approved", rewardKobo: (request.priceKobo * 4_000n) / 10_000n });
        rewards += referral.rewardKobo!;
      } else {
        expect(referral).toMatchObject({ status: "pending", rewardKobo: null });
      }
    }
    const rewardTransfers = await db
      .select()
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.referenceId,
          paid.map((r) => r.id),
        ),
      );
    expect(rewardTransfers).toHaveLength(paid.filter((r) => r.status === "approved").length);
    expect(rewardsBefore - (await platformBalance(db, "referral_rewards"))).toBe(rewards);
  });

  it("two approvals of the same referred member's upgrades paying at once → the referrer is paid once", async () => {
    const referrer = await funded(0n);
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const m = await funded(0n);
        await recordReferral(db, referrer, m.id);
        return m;
      }),
    );
    // Each member's first two upgrades reach the reward step in two concurrent transactions.
    const results = await Promise.all(
      pairs.flatMap((m) =>
        ["first-upgrade", "second-upgrade"].map((upgradeId) =>
          db.transaction((tx) =>
            rewardReferrer(tx, {
              referredId: m.id,
              upgradeId: `${m.id}:${upgradeId}`,
              paidKobo: 50_000n,
              now: new Date(),
            }),
          ),
        ),
      ),
    );
    expect(countBy(results)).toEqual({ paid: 20, none: 20 });
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: 20n * 20_000n, heldKobo: 0n });
  });

  it("prices change while requests are approved → each approval moves the price stored with its request", async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => funded(200_000n)));
    const requests = await Promise.all(
      members.map(async (m, i) => {
        const r = await requestUpgrade(db, { userId: m.id, tierId: i % 2 ? "gold" : "silver", method: "balance" });
        if (r.status !== "ok") throw new Error(r.status);
        return r.request;
      }),
    );
    const revenue = await platformBalance(db, "membership_revenue");
    try {
      await Promise.all([
        ...requests.map((r, n) => approveUpgrade(db, admins[n % admins.length]!, r.id)),
        db.update(membershipTiers).set({ priceKobo: 170_000n }).where(eq(membershipTiers.id, "gold")),
        db.update(membershipTiers).set({ priceKobo: 130_000n }).where(eq(membershipTiers.id, "silver")),
      ]);
      const stored = requests.reduce((s, r) => s + r.priceKobo, 0n);
      expect(stored).toBe(10n * 100_000n + 10n * 150_000n);
      expect((await platformBalance(db, "membership_revenue")) - revenue).toBe(stored);
      for (const [i, m] of members.entries())
        expect(await balances(db, m.id)).toEqual({ availableKobo: 200_000n - requests[i]!.priceKobo, heldKobo: 0n });
    } finally {
      await db.update(membershipTiers).set({ priceKobo: 150_000n }).where(eq(membershipTiers.id, "gold"));
      await db.update(membershipTiers).set({ priceKobo: 100_000n }).where(eq(membershipTiers.id, "silver"));
    }
  });
});

describe("the same decisions on the embedded database (queued there)", () => {
  it("each request is decided once and its referrer paid once", async () => {
    const referrer = await funded(0n);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await funded(100_000n);
      await recordReferral(db, referrer, m.id);
      const r = await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
      if (r.status !== "ok") throw new Error(r.status);
      ids.push(r.request.id);
    }
    const results = await Promise.all(
      ids.flatMap((id) => [
        approveUpgrade(db, admins[0]!, id),
        rejectUpgrade(db, admins[1]!, id),
        approveUpgrade(db, admins[1]!, id),
        rejectUpgrade(db, admins[0]!, id),
      ]),
    );
    expect(results.filter((r) => r.status === "ok")).toHaveLength(5);
    const approved = results.filter((r, i) => i % 2 === 0 && r.status === "ok").length;
    expect(await balances(db, referrer.id)).toEqual({ availableKobo: BigInt(approved) * 20_000n, heldKobo: 0n });
  });
});
