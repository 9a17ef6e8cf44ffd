import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adverts, advertViews, auditLog, ledgerTransfers } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { DEFAULT_APP_SETTINGS } from "~/domain/settings/app-settings";
import { updateAdvertMoneyLimits } from "~/domain/settings/update-app-settings.server";
import { openTestDatabase, databaseError } from "~test/database";
import { advertAdmin, longAgo, member, postAdvert } from "~test/factories";
import { backdatedTransfer, expectLedgerReconciled } from "~test/ledger";
import { listAvailableAdverts, startAdvertView } from "./advert-views.server";
import { advertStatus } from "./advert-status";
import {
  adminAdvertStats,
  createAdvert,
  deleteAdvert,
  getAdvert,
  listAdvertsForAdmin,
  updateAdvert,
} from "./manage-adverts.server";
import type { AdvertInput } from "./validation";
import { auditRowsFor } from "~test/audit";
import { claimAnswering } from "~test/claims";

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db);
});
afterEach(async () => expectLedgerReconciled(db));

const input: AdvertInput = {
  title: "Indomie Chicken",
  description: "Ready in 3 minutes.",
  rewardKobo: 2_550n,
  maxClicks: 3,
  imageUrl: "https://cdn.example.ng/indomie.png",
};

const advertRow = async (id: string) => (await db.select().from(adverts).where(eq(adverts.id, id)))[0];
const auditFor = (id: string) => auditRowsFor(db, id);

/** A member who viewed the advert and was paid for it. */
async function claimOnce(advertId: string) {
  const viewer = await member(db);
  expect(await startAdvertView(db, viewer.id, advertId, longAgo())).toMatchObject({ status: "ok" });
  expect(await claimAnswering(db, viewer.id, advertId)).toMatchObject({ status: "ok" });
  return viewer;
}

describe("who may manage adverts", () => {
  it("needs manage_adverts: an admin without it and a member are refused and nothing is written", async () => {
    const without = await advertAdmin(
      db,
      PERMISSIONS.filter((p) => p !== "manage_adverts"),
    );
    const someMember = await member(db, { permissions: ["manage_adverts"] });
    const memberActor: Actor = { id: someMember.id, role: "user", permissions: ["manage_adverts"] };
    const advertId = await postAdvert(db, admin);
    const before = await advertRow(advertId);
    const auditBefore = await db.$count(auditLog);
    for (const actor of [without, memberActor]) {
      expect(await createAdvert(db, actor, input)).toEqual({ status: "forbidden" });
      expect(await updateAdvert(db, actor, advertId, input)).toEqual({ status: "forbidden" });
      expect(await deleteAdvert(db, actor, advertId)).toEqual({ status: "forbidden" });
    }
    expect(await advertRow(advertId)).toEqual(before);
    expect(await db.$count(auditLog)).toBe(auditBefore);
  });

  it("the super admin can do everything an admin can", async () => {
    const superAdmin = await advertAdmin(db, [], "super_admin");
    const created = await createAdvert(db, superAdmin, input);
    expect(created).toMatchObject({ status: "ok" });
    const advertId = created.status === "ok" ? created.advertId : "";
    expect(await updateAdvert(db, superAdmin, advertId, { ...input, title: "Renamed" })).toEqual({
      status: "ok",
      changed: true,
    });
    expect(await deleteAdvert(db, superAdmin, advertId)).toEqual({ status: "erased" });
  });
});

describe("createAdvert", () => {
  it("stores the advert, active with no clicks, and audits it", async () => {
    const result = await createAdvert(db, admin, input);
    if (result.status !== "ok") throw new Error(result.status);
    expect(result.advertId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(await advertRow(result.advertId)).toMatchObject({
      ...input,
      currentClicks: 0,
      isActive: true,
      postedByAdminId: admin.id,
    });
    const [entry, ...more] = await auditFor(result.advertId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: "advert.create",
      targetType: "advert",
      targetId: result.advertId,
      ip: "102.89.3.4",
      before: null,
      after: {
        title: input.title,
        description: input.description,
        rewardKobo: "2550",
        maxClicks: 3,
        imageUrl: input.imageUrl,
      },
    });
  });

  it("the database refuses what the form refuses, whatever the caller sends", async () => {
    for (const bad of [{ rewardKobo: 0n }, { rewardKobo: -1n }, { maxClicks: 0 }, { maxClicks: 1.5 }, { title: " " }]) {
      await expect(
        createAdvert(db, admin, { ...input, ...bad }),
        JSON.stringify(bad, (_k, v: unknown) => String(v)),
      ).rejects.toThrow();
    }
    await expect(createAdvert(db, admin, { ...input, imageUrl: "http://insecure.example/ad.png" })).rejects.toThrow();
  });
});

describe("the money limits of the settings (₦1,000.00 a click, ₦1,000,000.00 an advert by default)", () => {
  const REWARD_LIMIT = "Reward per click can be at most ₦1,000.00.";
  const overLimit = (errors: Record<string, string>) => ({
    status: "over-limit",
    errors,
    limits: { maxRewardKobo: 100_000n, maxBudgetKobo: 100_000_000n },
  });
  const advertCount = () => db.$count(adverts);

  it("refuses a reward per click over the limit, ₦1,000,000,000,000 included: nothing written", async () => {
    const before = { adverts: await advertCount(), audit: await db.$count(auditLog) };
    expect(await createAdvert(db, admin, { ...input, rewardKobo: 100_001n, maxClicks: 1 })).toEqual(
      overLimit({ rewardAmount: REWARD_LIMIT }),
    );
    expect(await createAdvert(db, admin, { ...input, rewardKobo: 100_000_000_000_000n, maxClicks: 1 })).toEqual(
      overLimit({
        rewardAmount: REWARD_LIMIT,
        maxClicks: "Budget (reward × max clicks) can be at most ₦1,000,000.00; this advert's is ₦1,000,000,000,000.00.",
      }),
    );
    expect({ adverts: await advertCount(), audit: await db.$count(auditLog) }).toEqual(before);
  });

  it("refuses a budget (reward × max clicks) over the limit, naming it and the advert's", async () => {
    const before = await advertCount();
    expect(await createAdvert(db, admin, { ...input, rewardKobo: 100_000n, maxClicks: 1_001 })).toEqual(
      overLimit({
        maxClicks: "Budget (reward × max clicks) can be at most ₦1,000,000.00; this advert's is ₦1,001,000.00.",
      }),
    );
    // Both at once: each on its field.
    expect(await createAdvert(db, admin, { ...input, rewardKobo: 200_000n, maxClicks: 1_000 })).toMatchObject({
      status: "over-limit",
      errors: { rewardAmount: REWARD_LIMIT, maxClicks: expect.stringContaining("₦1,000,000.00") },
    });
    expect(await advertCount()).toBe(before);
  });

  it("accepts an advert exactly at both limits", async () => {
    const created = await createAdvert(db, admin, { ...input, rewardKobo: 100_000n, maxClicks: 1_000 });
    expect(created).toMatchObject({ status: "ok" });
    expect(await advertRow(created.status === "ok" ? created.advertId : "")).toMatchObject({
      rewardKobo: 100_000n,
      maxClicks: 1_000,
    });
  });

  it("an edit cannot raise an advert over a limit; nothing changes and nothing is audited", async () => {
    const advertId = await postAdvert(db, admin, { ...input, rewardKobo: 100_000n, maxClicks: 10 });
    const before = await advertRow(advertId);
    expect(await updateAdvert(db, admin, advertId, { ...input, rewardKobo: 100_001n, maxClicks: 10 })).toEqual(
      overLimit({ rewardAmount: REWARD_LIMIT }),
    );
    expect(await updateAdvert(db, admin, advertId, { ...input, rewardKobo: 100_000n, maxClicks: 1_001 })).toMatchObject(
      {
        status: "over-limit",
        errors: { maxClicks: expect.stringContaining("can be at most ₦1,000,000.00") },
      },
    );
    expect(await advertRow(advertId)).toEqual(before);
    expect((await auditFor(advertId)).map((e) => e.action)).toEqual(["advert.create"]);
    expect(await updateAdvert(db, admin, advertId, { ...input, rewardKobo: 100_000n, maxClicks: 1_000 })).toEqual({
      status: "ok",
      changed: true,
    });
  });

  it("a changed limit applies to the next advert; one made under a higher limit can be corrected or scaled down, not up", async () => {
    const settingsAdmin = await advertAdmin(db, ["manage_settings"]);
    try {
      expect(
        await updateAdvertMoneyLimits(db, settingsAdmin, {
          maxAdvertRewardKobo: 500_000n,
          maxAdvertBudgetKobo: 5_000_000n,
        }),
      ).toEqual({
        status: "ok",
        changed: true,
      });
      const advertId = await postAdvert(db, admin, { ...input, rewardKobo: 500_000n, maxClicks: 10 }); // ₦5,000 × 10
      expect(await createAdvert(db, admin, { ...input, rewardKobo: 500_001n, maxClicks: 1 })).toMatchObject({
        status: "over-limit",
        errors: { rewardAmount: "Reward per click can be at most ₦5,000.00." },
      });

      // Lowered again: the same advert cannot be posted, nor this one raised...
      await updateAdvertMoneyLimits(db, settingsAdmin, {
        maxAdvertRewardKobo: 100_000n,
        maxAdvertBudgetKobo: 1_000_000n,
      });
      expect(await createAdvert(db, admin, { ...input, rewardKobo: 500_000n, maxClicks: 10 })).toMatchObject({
        status: "over-limit",
      });
      expect(await updateAdvert(db, admin, advertId, { ...input, rewardKobo: 500_000n, maxClicks: 11 })).toMatchObject({
        status: "over-limit",
        errors: { maxClicks: "Budget (reward × max clicks) can be at most ₦10,000.00; this advert's is ₦55,000.00." },
      });
      // ...but its text can be corrected and it can be scaled down.
      expect(
        await updateAdvert(db, admin, advertId, { ...input, title: "Corrected", rewardKobo: 500_000n, maxClicks: 10 }),
      ).toEqual({
        status: "ok",
        changed: true,
      });
      expect(await updateAdvert(db, admin, advertId, { ...input, rewardKobo: 400_000n, maxClicks: 5 })).toEqual({
        status: "ok",
        changed: true,
      });
    } finally {
      await updateAdvertMoneyLimits(db, settingsAdmin, {
        maxAdvertRewardKobo: DEFAULT_APP_SETTINGS.maxAdvertRewardKobo,
        maxAdvertBudgetKobo: DEFAULT_APP_SETTINGS.maxAdvertBudgetKobo,
      });
    }
  });
});

describe("listAdvertsForAdmin and getAdvert", () => {
  it("lists live adverts newest first with Active/Completed status and who posted them", async () => {
    const older = await postAdvert(db, admin, { title: "Older", maxClicks: 1 });
    const newer = await postAdvert(db, admin, { title: "Newer", maxClicks: 5 });
    await claimOnce(older);
    const { adverts: listed } = await listAdvertsForAdmin(db);
    const ids = listed.map((a) => a.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(listed.find((a) => a.id === older)).toMatchObject({
      title: "Older",
      currentClicks: 1,
      maxClicks: 1,
      status: "Completed",
      postedBy: { id: admin.id },
    });
    expect(listed.find((a) => a.id === newer)).toMatchObject({
      currentClicks: 0,
      status: "Active",
      rewardKobo: 2_500n,
    });
    expect(await getAdvert(db, newer)).toMatchObject({ id: newer, title: "Newer", status: "Active" });
    expect(await getAdvert(db, "no-such-advert")).toBeNull();
  });

  it("status: Active while current clicks are below max clicks, otherwise Completed", () => {
    expect(advertStatus({ currentClicks: 0, maxClicks: 1 })).toBe("Active");
    expect(advertStatus({ currentClicks: 9, maxClicks: 10 })).toBe("Active");
    expect(advertStatus({ currentClicks: 10, maxClicks: 10 })).toBe("Completed");
  });

  it("pages 50 at a time", async () => {
    const live = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(adverts)
          .where(eq(adverts.isActive, true))
      )[0]!.n;
    while ((await live()) < 51) await postAdvert(db, admin);
    const total = await live();
    const pages = [];
    for (let page = 1; ; page++) {
      const result = await listAdvertsForAdmin(db, { page });
      pages.push(result);
      if (result.page === result.pageCount) break;
    }
    expect(pages[0]!.adverts).toHaveLength(50);
    expect(pages[0]!.pageCount).toBe(Math.ceil(total / 50));
    const all = pages.flatMap((p) => p.adverts.map((a) => a.id));
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
  });
});

describe("updateAdvert", () => {
  it("saves the changes and audits only what changed", async () => {
    const advertId = await postAdvert(db, admin, input);
    const result = await updateAdvert(db, admin, advertId, {
      ...input,
      title: "Indomie Onion",
      rewardKobo: 3_000n,
      imageUrl: null,
    });
    expect(result).toEqual({ status: "ok", changed: true });
    expect(await advertRow(advertId)).toMatchObject({ title: "Indomie Onion", rewardKobo: 3_000n, imageUrl: null });
    const entries = await auditFor(advertId);
    expect(entries.map((e) => e.action)).toEqual(["advert.create", "advert.update"]);
    expect(entries[1]).toMatchObject({
      before: { title: "Indomie Chicken", rewardKobo: "2550", imageUrl: input.imageUrl },
      after: { title: "Indomie Onion", rewardKobo: "3000", imageUrl: null },
    });
  });

  it("sets, keeps and clears the advert's own attention check, audited; the list shows it", async () => {
    const check = {
      question: "Which flavour?",
      answer: "Chicken",
      wrongAnswers: ["Onion", "Pepper", "Suya"] as [string, string, string],
    };
    const advertId = await postAdvert(db, admin, { ...input, check });
    expect(await advertRow(advertId)).toMatchObject({
      checkQuestion: "Which flavour?",
      checkAnswer: "Chicken",
      checkWrongAnswers: ["Onion", "Pepper", "Suya"],
    });
    const listed = (await listAdvertsForAdmin(db)).adverts.find((a) => a.id === advertId);
    expect(listed?.check).toEqual(check);
    // Left out: kept, and nothing to save.
    const { check: _omitted, ...withoutCheck } = { ...input, check };
    expect(await updateAdvert(db, admin, advertId, withoutCheck)).toEqual({ status: "ok", changed: false });
    // Null: back to the title question.
    expect(await updateAdvert(db, admin, advertId, { ...input, check: null })).toEqual({ status: "ok", changed: true });
    expect(await advertRow(advertId)).toMatchObject({
      checkQuestion: null,
      checkAnswer: null,
      checkWrongAnswers: null,
    });
    const entries = await auditFor(advertId);
    expect(entries.at(-1)).toMatchObject({
      before: { check: "Which flavour? | Chicken | Onion | Pepper | Suya" },
      after: { check: null },
    });
  });

  it("without an imageUrl keeps the advert's image; an uploaded image's address replaces it, audited", async () => {
    const advertId = await postAdvert(db, admin, input);
    const { imageUrl: _kept, ...withoutImage } = input;
    expect(await updateAdvert(db, admin, advertId, { ...withoutImage, maxClicks: 9 })).toEqual({
      status: "ok",
      changed: true,
    });
    expect(await advertRow(advertId)).toMatchObject({ maxClicks: 9, imageUrl: input.imageUrl });
    const uploaded = `/images/${"5e".repeat(32)}`;
    expect(await updateAdvert(db, admin, advertId, { ...withoutImage, maxClicks: 9, imageUrl: uploaded })).toEqual({
      status: "ok",
      changed: true,
    });
    expect((await advertRow(advertId))!.imageUrl).toBe(uploaded);
    expect((await auditFor(advertId)).at(-1)).toMatchObject({
      before: { imageUrl: input.imageUrl },
      after: { imageUrl: uploaded },
    });
  });

  it("saving the same values changes nothing and writes no audit row", async () => {
    const advertId = await postAdvert(db, admin, input);
    const before = await advertRow(advertId);
    expect(await updateAdvert(db, admin, advertId, { ...input })).toEqual({ status: "ok", changed: false });
    expect(await advertRow(advertId)).toEqual(before);
    expect((await auditFor(advertId)).map((e) => e.action)).toEqual(["advert.create"]);
  });

  it("refuses max clicks below the clicks already taken; equal is allowed and completes the advert", async () => {
    const advertId = await postAdvert(db, admin, { maxClicks: 5 });
    await claimOnce(advertId);
    await claimOnce(advertId);
    expect(await updateAdvert(db, admin, advertId, { ...input, maxClicks: 1 })).toEqual({
      status: "max-clicks-below-current",
      currentClicks: 2,
    });
    expect((await advertRow(advertId))?.maxClicks).toBe(5);
    expect(await updateAdvert(db, admin, advertId, { ...input, maxClicks: 2 })).toEqual({
      status: "ok",
      changed: true,
    });
    expect(await getAdvert(db, advertId)).toMatchObject({ currentClicks: 2, maxClicks: 2, status: "Completed" });
  });

  it("a new reward applies to later claims; earlier ones keep what they were paid", async () => {
    const advertId = await postAdvert(db, admin, { rewardKobo: 1_000n });
    const first = await claimOnce(advertId);
    await updateAdvert(db, admin, advertId, { ...input, rewardKobo: 4_000n, maxClicks: 10 });
    const second = await claimOnce(advertId);
    expect((await balances(db, first.id)).availableKobo).toBe(1_000n);
    expect((await balances(db, second.id)).availableKobo).toBe(4_000n);
  });

  it("an unknown or deleted advert is not found", async () => {
    expect(await updateAdvert(db, admin, "no-such-advert", input)).toEqual({ status: "not-found" });
    const advertId = await postAdvert(db, admin);
    await claimOnce(advertId);
    expect(await deleteAdvert(db, admin, advertId)).toEqual({ status: "deactivated" });
    expect(await updateAdvert(db, admin, advertId, input)).toEqual({ status: "not-found" });
  });
});

describe("deleteAdvert: an advert that has been viewed is deactivated, never erased", () => {
  it("erases an advert nobody has opened, and audits it", async () => {
    const advertId = await postAdvert(db, admin, input);
    expect(await deleteAdvert(db, admin, advertId)).toEqual({ status: "erased" });
    expect(await advertRow(advertId)).toBeUndefined();
    const entries = await auditFor(advertId);
    expect(entries.map((e) => e.action)).toEqual(["advert.create", "advert.delete"]);
    expect(entries[1]).toMatchObject({
      before: { title: input.title, currentClicks: 0 },
      after: { outcome: "erased" },
    });
    expect(await deleteAdvert(db, admin, advertId)).toEqual({ status: "not-found" });
  });

  it("deactivates an advert someone has opened but not yet claimed; their claim is then refused", async () => {
    const advertId = await postAdvert(db, admin);
    const viewer = await member(db);
    await startAdvertView(db, viewer.id, advertId, longAgo());
    expect(await deleteAdvert(db, admin, advertId)).toEqual({ status: "deactivated" });
    expect(await advertRow(advertId)).toMatchObject({ isActive: false });
    expect(await claimAnswering(db, viewer.id, advertId)).toEqual({ status: "not-found" });
    expect(await startAdvertView(db, viewer.id, advertId)).toEqual({ status: "not-found" });
    expect((await balances(db, viewer.id)).availableKobo).toBe(0n);
  });

  it("deactivates a rewarded advert: views and payments stay, it leaves every list, it cannot be deleted twice", async () => {
    const advertId = await postAdvert(db, admin, { maxClicks: 10 });
    const viewer = await claimOnce(advertId);
    const other = await member(db);
    expect((await listAvailableAdverts(db, other.id)).map((a) => a.id)).toContain(advertId);

    expect(await deleteAdvert(db, admin, advertId)).toEqual({ status: "deactivated" });
    expect(await advertRow(advertId)).toMatchObject({ isActive: false, currentClicks: 1 });
    expect(await db.$count(advertViews, eq(advertViews.advertId, advertId))).toBe(1);
    expect((await balances(db, viewer.id)).availableKobo).toBe(2_500n);
    expect((await listAvailableAdverts(db, other.id)).map((a) => a.id)).not.toContain(advertId);
    expect((await listAdvertsForAdmin(db)).adverts.map((a) => a.id)).not.toContain(advertId);
    expect(await getAdvert(db, advertId)).toBeNull();
    expect((await auditFor(advertId)).at(-1)).toMatchObject({
      action: "advert.delete",
      after: { outcome: "deactivated" },
    });
    expect(await deleteAdvert(db, admin, advertId)).toEqual({ status: "not-found" });
  });

  it("the database itself refuses to erase a viewed advert or to over-count clicks", async () => {
    const advertId = await postAdvert(db, admin, { maxClicks: 1 });
    await claimOnce(advertId);
    expect((await databaseError(db.execute(sql`delete from adverts where id = ${advertId}`))).code).toBe("23503");
    expect(
      (await databaseError(db.execute(sql`update adverts set current_clicks = 2 where id = ${advertId}`))).code,
    ).toBe("23514");
    expect(
      (await databaseError(db.execute(sql`update adverts set current_clicks = -1 where id = ${advertId}`))).code,
    ).toBe("23514");
    expect(await advertRow(advertId)).toMatchObject({ currentClicks: 1, isActive: true });
  });
});

describe("adminAdvertStats", () => {
  it("counts live adverts and reads the earnings distributed from the ledger's daily totals", async () => {
    const before = await adminAdvertStats(db);
    const full = await postAdvert(db, admin, { maxClicks: 1, rewardKobo: 1_234n });
    const open = await postAdvert(db, admin, { maxClicks: 5, rewardKobo: 500n });
    const gone = await postAdvert(db, admin, { maxClicks: 5, rewardKobo: 100n });
    for (const [advertId, n] of [
      [full, 1],
      [open, 2],
      [gone, 1],
    ] as const) {
      for (let i = 0; i < n; i++) await claimOnce(advertId);
    }
    await deleteAdvert(db, admin, gone);
    const after = await adminAdvertStats(db);
    expect({
      totalAdverts: after.totalAdverts - before.totalAdverts,
      earningsDistributedKobo: after.earningsDistributedKobo - before.earningsDistributedKobo,
    }).toEqual({
      totalAdverts: 2,
      earningsDistributedKobo: 1_234n + 2n * 500n + 100n,
    });
    // Every figure is read back from the ledger: the advert-rewards account paid exactly this.
    const [paid] = await db
      .select({ n: sql<string>`coalesce(sum(${ledgerTransfers.amountKobo}), 0)::text` })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, "advert_reward"));
    expect(after.earningsDistributedKobo).toBe(BigInt(paid!.n));
    // Referral rewards are counted beside them, never in them.
    const referrer = await member(db);
    await backdatedTransfer(db, { userId: referrer.id, amountKobo: 4_000n, at: new Date(), kind: "referral_reward" });
    const withReferral = await adminAdvertStats(db);
    expect(withReferral.earningsDistributedKobo).toBe(after.earningsDistributedKobo);
    expect(withReferral.referralRewardsKobo - after.referralRewardsKobo).toBe(4_000n);
  });
});
