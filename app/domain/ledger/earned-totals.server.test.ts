import { describe, expect, it } from "vitest";
import { claimAdvertReward, startAdvertView } from "~/domain/adverts/advert-views.server";
import { newId } from "~/domain/shared/ids";
import { openTestDatabase } from "~test/database";
import { advertAdmin, longAgo, member, postAdvert } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { earnedTotals } from "./earned-totals.server";
import { transfer } from "./transfer.server";

const { db } = await openTestDatabase();

describe("earnedTotals", () => {
  it("is zero for a member who has earned nothing", async () => {
    const nobody = await member(db);
    expect(await earnedTotals(db, nobody.id)).toEqual({ advertKobo: 0n, referralKobo: 0n, totalKobo: 0n });
  });

  it("adds the member's advert and referral rewards from the ledger, and nobody else's", async () => {
    const admin = await advertAdmin(db);
    const earner = await member(db);
    const other = await member(db);
    const first = await postAdvert(db, admin, { rewardKobo: 1_234n });
    const second = await postAdvert(db, admin, { rewardKobo: 50_00n });
    for (const advertId of [first, second]) {
      await startAdvertView(db, earner.id, advertId, longAgo());
      expect(await claimAdvertReward(db, earner.id, advertId)).toMatchObject({ status: "ok" });
    }
    await startAdvertView(db, other.id, first, longAgo());
    await claimAdvertReward(db, other.id, first);
    await transfer(db, {
      from: { platform: "referral_rewards" },
      to: { userId: earner.id, kind: "available" },
      amountKobo: 200_00n,
      kind: "referral_reward",
      idempotencyKey: `test-referral:${newId()}`,
    });
    // Money moved on (held for a withdrawal) still counts as earned.
    await transfer(db, {
      from: { userId: earner.id, kind: "available" },
      to: { userId: earner.id, kind: "held" },
      amountKobo: 100_00n,
      kind: "withdrawal_hold",
      idempotencyKey: `test-hold:${newId()}`,
    });

    expect(await earnedTotals(db, earner.id)).toEqual({
      advertKobo: 6_234n,
      referralKobo: 200_00n,
      totalKobo: 26_234n,
    });
    expect(await earnedTotals(db, other.id)).toEqual({ advertKobo: 1_234n, referralKobo: 0n, totalKobo: 1_234n });
    await expectLedgerReconciled(db);
  });
});
