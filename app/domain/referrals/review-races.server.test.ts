import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerTransfers, referrals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { referralRewardKey } from "~/domain/referrals/money.server";
import { newId } from "~/domain/shared/ids";
import { latch } from "~test/latch";
import { openTestDatabase, usingPostgres } from "~test/database";
import { createUser, member } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { HOLD_REASONS } from "./referral-abuse";
import { releaseHeldReward, voidHeldReward, type ReleaseHeldRewardResult } from "./review-held-reward.server";

// Real races need PostgreSQL (PGlite runs one transaction at a time). With DATABASE_URL set,
// the Promise.all below puts up to 40 transactions on the server at once.
const { db } = await openTestDatabase({ poolSize: 40 });
let admins: Actor[];
beforeAll(async () => {
  admins = await Promise.all(
    [1, 2, 3, 4].map(async (i) => {
      const u = await createUser(db, { role: "admin", permissions: ["manage_referrals"] });
      return { id: u.id, role: "admin" as const, permissions: u.permissions, ip: `102.89.20.${i}` };
    }),
  );
});
afterEach(async () => expectLedgerReconciled(db));

/** A referral whose reward (₦100.00) is held as a self-referral, as rewardReferrer leaves it. */
async function held() {
  const referrer = await member(db);
  const referred = await member(db);
  const id = newId();
  await db.insert(referrals).values({
    id,
    referrerId: referrer.id,
    referredId: referred.id,
    referralCode: referrer.referralCode,
    status: "held",
    rewardKobo: 10_000n,
    holdReason: HOLD_REASONS.linked,
  });
  return { id, referrerId: referrer.id };
}

describe.runIf(usingPostgres())("racing reviews of held rewards on PostgreSQL", () => {
  it("two Release and two Void at once on each of 40 held rewards → each decided once, paid at most once", async () => {
    const heldOnes = await Promise.all(Array.from({ length: 40 }, () => held()));
    const outcomes: { id: string; results: ReleaseHeldRewardResult[] }[] = [];
    // Ten rewards at a time: 40 transactions on the server at once.
    for (let i = 0; i < heldOnes.length; i += 10) {
      const batch = heldOnes.slice(i, i + 10);
      const results = await Promise.all(
        batch.map(async ({ id }) => ({
          id,
          results: await Promise.all([
            releaseHeldReward(db, admins[0]!, id),
            voidHeldReward(db, admins[1]!, id),
            releaseHeldReward(db, admins[2]!, id),
            voidHeldReward(db, admins[3]!, id),
          ]),
        })),
      );
      outcomes.push(...results);
    }

    const rows = await db
      .select()
      .from(referrals)
      .where(
        inArray(
          referrals.id,
          heldOnes.map((h) => h.id),
        ),
      );
    const transfers = await db
      .select()
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.idempotencyKey,
          heldOnes.map((h) => referralRewardKey(h.id)),
        ),
      );
    for (const { id, results } of outcomes) {
      const ok = results.filter((r) => r.status === "ok");
      expect(ok, id).toHaveLength(1);
      const row = rows.find((r) => r.id === id)!;
      const decided = ok[0]!.status === "ok" ? ok[0]!.referral.status : null;
      expect(row.status).toBe(decided);
      for (const r of results) if (r.status !== "ok") expect(r).toEqual({ status: "conflict", current: decided });
      const paid = transfers.filter((t) => t.referenceId === id);
      expect(paid).toHaveLength(decided === "approved" ? 1 : 0);
      const referrerId = heldOnes.find((h) => h.id === id)!.referrerId;
      expect(await balances(db, referrerId)).toEqual({
        availableKobo: decided === "approved" ? 10_000n : 0n,
        heldKobo: 0n,
      });
      const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(audits.map((a) => a.action)).toEqual([decided === "approved" ? "referral.release" : "referral.void"]);
    }
  });

  it("a Release that waits on another admin's open decision finds it decided, and pays nothing", async () => {
    const { id, referrerId } = await held();
    const decided = latch();
    const mayCommit = latch();
    // Admin A voids by hand and keeps the transaction open; B's release waits on the row lock.
    const a = db.transaction(async (tx) => {
      await tx.update(referrals).set({ status: "voided", reviewedById: admins[0]!.id }).where(eq(referrals.id, id));
      decided.open();
      await mayCommit.opened;
    });
    await decided.opened;
    const b = releaseHeldReward(db, admins[1]!, id);
    // Give B time to reach the lock before A commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    mayCommit.open();
    await a;
    expect(await b).toEqual({ status: "conflict", current: "voided" });
    expect(await balances(db, referrerId)).toEqual({ availableKobo: 0n, heldKobo: 0n });
    expect(await db.$count(ledgerTransfers, eq(ledgerTransfers.idempotencyKey, referralRewardKey(id)))).toBe(0);
  });
});
