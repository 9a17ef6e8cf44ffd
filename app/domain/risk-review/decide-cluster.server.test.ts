import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, emails, referrals, riskClusters, users, withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { HOLD_REASONS } from "~/domain/referrals/referral-abuse";
import { linkedUnderReview } from "~/domain/risk/clusters.server";
import { recordSignals } from "~/domain/risk/signals.server";
import { newId } from "~/domain/shared/ids";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { openTestDatabase, usingPostgres } from "~test/database";
import { createUser, formKey, payee } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { decideCluster } from "./decide-cluster.server";
import { listOpenClusters } from "./review-queue.server";
import { mailRiskDigest } from "./risk-digest.server";

const { db } = await openTestDatabase();

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

/** Three members paid into one bank account (an open cluster), each with ₦100 and a pending ₦20 withdrawal. */
async function farm(options: { balanceKobo?: bigint } = {}) {
  const account = { kind: "bank_account" as const, value: `058:${String(1_000_000_000 + ++n * 7_919).slice(0, 10)}` };
  const members = [];
  for (let i = 0; i < 3; i++) {
    const m = await payee(db, { balanceKobo: options.balanceKobo ?? 10_000n });
    await recordSignals(db, m.id, [account, { kind: "device", value: unique("device") }]);
    const w = await requestWithdrawal(db, { userId: m.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (w.status !== "ok") throw new Error(w.status);
    members.push({ ...m, withdrawalId: w.withdrawal.id });
  }
  // The first referred the second: its reward is held for the review.
  const referralId = newId();
  await db.insert(referrals).values({
    id: referralId,
    referrerId: members[0]!.id,
    referredId: members[1]!.id,
    referralCode: members[0]!.referralCode,
    status: "held",
    rewardKobo: 5_000n,
    holdReason: HOLD_REASONS.linked,
  });
  const [row] = await db.select({ clusterId: users.riskClusterId }).from(users).where(eq(users.id, members[0]!.id));
  return { members, clusterId: row!.clusterId!, referralId, account };
}

const reviewer = async () => {
  const u = await createUser(db, { role: "admin", permissions: ["review_risk"] });
  return { id: u.id, role: "admin" as const, permissions: u.permissions, ip: "102.89.1.1" };
};
const clusterRow = async (id: string) => (await db.select().from(riskClusters).where(eq(riskClusters.id, id)))[0]!;

describe("the review queue", () => {
  it("lists open clusters with the money at stake first, their accounts and what they share", async () => {
    const small = await farm({ balanceKobo: 3_000n });
    const big = await farm({ balanceKobo: 900_000n });
    const { clusters } = await listOpenClusters(db, { page: 1 });
    const ids = clusters.map((c) => c.id);
    expect(ids.indexOf(big.clusterId)).toBeLessThan(ids.indexOf(small.clusterId));
    const shown = clusters.find((c) => c.id === big.clusterId)!;
    expect(shown.accounts).toHaveLength(3);
    expect(shown.atStakeKobo).toBe(3n * 900_000n + 5_000n);
    expect(shown.accounts[0]!.pendingWithdrawals).toHaveLength(1);
    expect(shown.shared).toEqual([
      expect.objectContaining({ kind: "bank_account", label: expect.stringMatching(/^Bank account .+ \*{6}\d{4}$/) }),
    ]);
    expect(shown.shared[0]!.accountIds.sort()).toEqual(big.members.map((m) => m.id).sort());
  });

  it("mails the daily digest to review_risk holders once a Lagos day", async () => {
    await farm();
    const admin = await createUser(db, { role: "admin", permissions: ["review_risk"] });
    expect(await mailRiskDigest(db)).toBeGreaterThanOrEqual(1);
    await mailRiskDigest(db);
    const digests = await db.select().from(emails).where(eq(emails.toAddress, admin.email));
    expect(digests.filter((m) => m.subject === "Linked accounts waiting for a review")).toHaveLength(1);
  });
});

describe("decisions", () => {
  it("needs review_risk, and a reason to trust or to reject", async () => {
    const { clusterId } = await farm();
    const clerk = { id: newId(), role: "admin" as const, permissions: ["manage_users"] };
    expect(await decideCluster(db, clerk, { clusterId, decision: "trust", accountsSeen: 3, reason: "x" })).toEqual({
      status: "forbidden",
    });
    const admin = await reviewer();
    expect(await decideCluster(db, admin, { clusterId, decision: "trust", accountsSeen: 3, reason: " " })).toEqual({
      status: "reason-required",
    });
    expect(
      await decideCluster(db, admin, { clusterId, decision: "trust", accountsSeen: 2, reason: "A family" }),
    ).toEqual({ status: "changed" });
    expect((await clusterRow(clusterId)).status).toBe("open");
  });

  it("trust: the links stop holding until an account joins; audited with the reason", async () => {
    const { clusterId, members, account } = await farm();
    const admin = await reviewer();
    expect(
      await decideCluster(db, admin, { clusterId, decision: "trust", accountsSeen: 3, reason: "One family's shop" }),
    ).toEqual({ status: "ok", changed: 3 });
    expect(await clusterRow(clusterId)).toMatchObject({ status: "trusted", decidedMemberCount: 3 });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, clusterId));
    expect(audit).toMatchObject({
      action: "risk.trust",
      actorId: admin.id,
      after: expect.objectContaining({ reason: "One family's shop" }),
    });
    // Trusted: their referral rewards are no longer held for the links.
    expect(await linkedUnderReview(db, [members[0]!.id, members[1]!.id])).toBe(false);
    // A fourth account on the same bank account: open again.
    const newcomer = await createUser(db);
    expect(await recordSignals(db, newcomer.id, [account])).toEqual({ clusterId, opened: true });
    expect(await linkedUnderReview(db, [members[0]!.id, newcomer.id])).toBe(true);
  });

  it("reject pending withdrawals: each back to its member's balance, audited with the reason", async () => {
    const { clusterId, members } = await farm();
    const admin = await reviewer();
    const result = await decideCluster(db, admin, {
      clusterId,
      decision: "reject-withdrawals",
      accountsSeen: 3,
      reason: "Three accounts paid into one bank account",
    });
    expect(result).toEqual({ status: "ok", changed: 3 });
    for (const m of members) {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, m.withdrawalId));
      expect(w!.status).toBe("rejected");
      expect(await balances(db, m.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
    }
    // Still open: the other decisions remain.
    expect((await clusterRow(clusterId)).status).toBe("open");
    await expectBooksBalanced(db);
  });

  it("void held rewards, then restrict all: signed out, restricted, the cluster closed", async () => {
    const { clusterId, members, referralId } = await farm();
    const admin = await reviewer();
    expect(await decideCluster(db, admin, { clusterId, decision: "void-rewards", accountsSeen: 3 })).toEqual({
      status: "ok",
      changed: 1,
    });
    expect((await db.select().from(referrals).where(eq(referrals.id, referralId)))[0]!.status).toBe("voided");
    expect(await decideCluster(db, admin, { clusterId, decision: "restrict", accountsSeen: 3 })).toEqual({
      status: "ok",
      changed: 3,
    });
    for (const m of members) {
      expect((await db.select().from(users).where(eq(users.id, m.id)))[0]!.isRestricted).toBe(true);
    }
    expect((await clusterRow(clusterId)).status).toBe("closed");
    expect(await decideCluster(db, admin, { clusterId, decision: "restrict", accountsSeen: 3 })).toEqual({
      status: "decided",
    });
  });

  it.runIf(usingPostgres())("two admins deciding one cluster at once decide once", async () => {
    const { clusterId } = await farm();
    const [a, b] = [await reviewer(), await reviewer()];
    const results = await Promise.all([
      decideCluster(db, a, { clusterId, decision: "trust", accountsSeen: 3, reason: "Family" }),
      decideCluster(db, b, { clusterId, decision: "restrict", accountsSeen: 3 }),
    ]);
    expect(results.filter((r) => r.status === "ok")).toHaveLength(1);
    expect(results.filter((r) => r.status === "decided")).toHaveLength(1);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, clusterId));
    expect(audits).toHaveLength(1);
  });
});
