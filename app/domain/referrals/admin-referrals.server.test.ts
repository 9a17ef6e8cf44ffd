import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { referrals } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import { newId } from "~/domain/shared/ids";
import { dailyCountsDrift } from "~/domain/stats/rollups.server";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { referralOf, referredMember } from "~test/referrals";
import { listReferrals, referralStats, REFERRALS_PAGE_SIZE } from "./admin-referrals.server";

const { db } = await openTestDatabase();

async function payReward(referrerId: string, amountKobo: bigint) {
  const id = newId();
  const paid = await transfer(db, {
    from: { platform: "referral_rewards" },
    to: { userId: referrerId, kind: "available" },
    amountKobo,
    kind: "referral_reward",
    idempotencyKey: `referral:${id}:reward`,
    reference: { type: "referral", id },
  });
  expect(paid.status).toBe("posted");
}

describe("referralStats and listReferrals", () => {
  it("start at zero and an empty list", async () => {
    expect(await referralStats(db)).toEqual({ totalReferrals: 0, totalRewardsPaidKobo: 0n, activeReferrers: 0 });
    expect(await listReferrals(db)).toEqual({
      referrals: [],
      page: 1,
      pageCount: 1,
      total: 0,
      counts: { all: 0, pending: 0, approved: 0, held: 0, voided: 0 },
    });
  });

  it("count referrals, the ledger's referral rewards and the referrers with an approved referral", async () => {
    const ada = await createUser(db, { name: "Ada Obi", email: "ada@referrals.test" });
    const bayo = await createUser(db, { name: "Bayo Ade", email: "bayo@referrals.test" });
    const chidi = await createUser(db, { name: "Chidi Eze", email: "chidi@referrals.test" });
    await referredMember(db, ada, { name: "Dayo One", email: "dayo@referrals.test", approvedRewardKobo: 4_000n });
    await referredMember(db, ada, { name: "Efe Two", email: "efe@referrals.test", approvedRewardKobo: 2_000n });
    await referredMember(db, bayo, { name: "Funmi Three", email: "funmi@referrals.test" });
    await referredMember(db, chidi, { name: "Gozie Four", email: "gozie@referrals.test", approvedRewardKobo: 1_050n });
    // The figure is the ledger's, not the referral rows'.
    await payReward(ada.id, 4_000n);
    await payReward(ada.id, 2_000n);
    await payReward(chidi.id, 1_050n);

    expect(await referralStats(db)).toEqual({ totalReferrals: 4, totalRewardsPaidKobo: 7_050n, activeReferrers: 2 });

    const all = await listReferrals(db);
    expect(all.total).toBe(4);
    expect(all.counts).toEqual({ all: 4, pending: 1, approved: 3, held: 0, voided: 0 });
    expect(all.referrals.map((r) => r.referredName)).toEqual(["Gozie Four", "Funmi Three", "Efe Two", "Dayo One"]);
    expect(all.referrals[0]).toMatchObject({
      referrerName: "Chidi Eze",
      referrerEmail: "chidi@referrals.test",
      referredEmail: "gozie@referrals.test",
      status: "approved",
      rewardKobo: 1_050n,
    });
    expect(all.referrals[1]).toMatchObject({ status: "pending", rewardKobo: null });

    const pending = await listReferrals(db, { status: "pending" });
    expect(pending.referrals.map((r) => r.referredName)).toEqual(["Funmi Three"]);
    const approved = await listReferrals(db, { status: "approved" });
    expect(approved.total).toBe(3);

    // Search: either side's name or email, case-insensitive; % and _ are literal.
    expect((await listReferrals(db, { search: "ada obi" })).referrals.map((r) => r.referredName)).toEqual([
      "Efe Two",
      "Dayo One",
    ]);
    expect((await listReferrals(db, { search: "FUNMI@" })).referrals.map((r) => r.referrerName)).toEqual(["Bayo Ade"]);
    const adaPending = await listReferrals(db, { search: "ada obi", status: "pending" });
    expect(adaPending).toMatchObject({ total: 0, counts: { all: 2, pending: 0, approved: 2 } });
    expect((await listReferrals(db, { search: "%" })).total).toBe(0);
  });

  it("pages 50 at a time, clamping the page to the ones there are", async () => {
    const referrer = await createUser(db, { name: "Paging Referrer" });
    for (let i = 0; i < REFERRALS_PAGE_SIZE + 1; i++) await referredMember(db, referrer);
    const search = "Paging Referrer";
    const first = await listReferrals(db, { search });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: REFERRALS_PAGE_SIZE + 1 });
    expect(first.referrals).toHaveLength(REFERRALS_PAGE_SIZE);
    const last = await listReferrals(db, { search, page: 9 });
    expect(last).toMatchObject({ page: 2, pageCount: 2 });
    expect(last.referrals).toHaveLength(1);
  });

  it("count each status and the distinct approved referrers as the referrals table has them", async () => {
    const [ife, jide, kemi] = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    await referralOf(db, ife.id, "approved", new Date());
    await referralOf(db, ife.id, "approved", new Date());
    await referralOf(db, ife.id, "held", new Date());
    await referralOf(db, jide.id, "voided", new Date());
    await referralOf(db, jide.id, "held", new Date());
    await referralOf(db, kemi.id, "approved", new Date());
    await referralOf(db, kemi.id, "pending", null);
    // Statuses change too: a pending referral approved, a held one voided, both in one statement.
    const moved = await referralOf(db, jide.id, "pending", null);
    const voided = await referralOf(db, kemi.id, "held", new Date());
    await db
      .update(referrals)
      .set({
        status: sql`case when ${referrals.referredId} = ${moved.id} then 'approved' else 'voided' end::referral_status`,
      })
      .where(inArray(referrals.referredId, [moved.id, voided.id]));

    const [direct] = rowsOf<{
      all: number;
      pending: number;
      approved: number;
      held: number;
      voided: number;
      referrers: number;
    }>(
      await db.execute(sql`
        select count(*)::int as "all",
               count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'approved')::int as approved,
               count(*) filter (where status = 'held')::int as held,
               count(*) filter (where status = 'voided')::int as voided,
               count(distinct referrer_id) filter (where status = 'approved')::int as referrers
          from referrals`),
    );
    const { referrers, ...counts } = direct!;
    expect(counts.held).toBeGreaterThanOrEqual(2);
    expect(counts.voided).toBeGreaterThanOrEqual(1);
    expect((await listReferrals(db)).counts).toEqual(counts);
    expect((await listReferrals(db, { status: "held" })).total).toBe(counts.held);
    const stats = await referralStats(db);
    expect(stats).toMatchObject({ totalReferrals: counts.all, activeReferrers: referrers });
    expect(await dailyCountsDrift(db)).toEqual([]);
  });
});

describe("listReferrals: search", () => {
  it("finds a referral by either member's name or email, counting it once per status", async () => {
    const tolu = await createUser(db, { name: "Tolu Sidesearch", email: "tolu.x@sides.test" });
    const kola = await createUser(db, { name: "Kola Plain", email: "kola.sidesearch@sides.test" });
    const toTolu = await referredMember(db, tolu, {
      name: "Remi Plain",
      email: "remi@sides.test",
      approvedRewardKobo: 500n,
    });
    const toKola = await referredMember(db, kola, { name: "Wale Plain", email: "wale@sides.test" });
    const named = await referredMember(db, kola, { name: "Yemi Sidesearch", email: "yemi@sides.test" });
    const mailed = await referredMember(db, kola, { name: "Zara Plain", email: "zara.sidesearch@sides.test" });
    // Both members match: one referral, counted once.
    const both = await referredMember(db, tolu, { name: "Both Sidesearch", email: "both@sides.test" });

    const ids = async (search: string) => (await listReferrals(db, { search })).referrals.map((r) => r.referredId);
    expect(await ids("TOLU SIDE")).toEqual([both.id, toTolu.id]); // the referrer's name
    expect(await ids("tolu.x@")).toEqual([both.id, toTolu.id]); // the referrer's email
    expect(await ids("kola.sidesearch")).toEqual([mailed.id, named.id, toKola.id]); // the referrer's email
    expect(await ids("yemi side")).toEqual([named.id]); // the referred member's name
    expect(await ids("ZARA.SIDE")).toEqual([mailed.id]); // the referred member's email

    const all = await listReferrals(db, { search: "sidesearch" });
    expect(all.referrals.map((r) => r.referredId)).toEqual([both.id, mailed.id, named.id, toKola.id, toTolu.id]);
    expect(all.counts).toEqual({ all: 5, pending: 4, approved: 1, held: 0, voided: 0 });
    const approved = await listReferrals(db, { search: "sidesearch", status: "approved" });
    expect(approved).toMatchObject({ total: 1, counts: all.counts });
    expect(approved.referrals.map((r) => r.referredId)).toEqual([toTolu.id]);
  });

  it("takes % and _ literally, and counts held and voided ones for the search", async () => {
    const percent = await createUser(db, { name: "Wild 10% Referrer" });
    const digits = await createUser(db, { name: "Wild 100 Referrer" });
    const underscore = await createUser(db, { name: "Wild_Referrer" });
    const held = await referralOf(db, percent.id, "held", null);
    const voided = await referralOf(db, digits.id, "voided", null);
    const pending = await referralOf(db, underscore.id, "pending", null);
    const ids = async (search: string) => (await listReferrals(db, { search })).referrals.map((r) => r.referredId);
    expect(await ids("10%")).toEqual([held.id]);
    expect(await ids("wild_")).toEqual([pending.id]);
    const all = await listReferrals(db, { search: "wild" });
    expect(all.referrals.map((r) => r.referredId)).toEqual([pending.id, voided.id, held.id]);
    expect(all.counts).toEqual({ all: 3, pending: 1, approved: 0, held: 1, voided: 1 });
    expect((await listReferrals(db, { search: "wild", status: "held" })).referrals.map((r) => r.referredId)).toEqual([
      held.id,
    ]);
  });
});
