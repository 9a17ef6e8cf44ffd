import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advertViews } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { advertAdmin, longAgo, member, postAdvert } from "~test/factories";
import { startAdvertView } from "./advert-views.server";
import { advertEarningsHistory } from "./earnings-history.server";
import { claimAnswering } from "~test/claims";

const { db } = await openTestDatabase();

describe("advertEarningsHistory", () => {
  it("lists the member's rewarded views, newest first, with the advert title and the amount paid", async () => {
    const admin = await advertAdmin(db);
    const viewer = await member(db);
    const other = await member(db);
    const first = await postAdvert(db, admin, { title: "Indomie Jollof", rewardKobo: 1_234n });
    const second = await postAdvert(db, admin, { title: "MTN Data Bonanza", rewardKobo: 5_000n });
    const opened = await postAdvert(db, admin, { title: "Opened, not claimed" });

    expect(await advertEarningsHistory(db, viewer.id)).toEqual([]);
    const started = new Date("2025-05-31T10:00:00Z");
    await startAdvertView(db, viewer.id, first, started);
    expect(await claimAnswering(db, viewer.id, first, new Date("2025-06-01T10:00:00Z"))).toMatchObject({
      status: "ok",
    });
    await startAdvertView(db, viewer.id, second, started);
    expect(await claimAnswering(db, viewer.id, second, new Date("2025-06-02T10:00:00Z"))).toMatchObject({
      status: "ok",
    });
    await startAdvertView(db, viewer.id, opened);
    await startAdvertView(db, other.id, first, longAgo());
    await claimAnswering(db, other.id, first);

    const history = await advertEarningsHistory(db, viewer.id);
    expect(history).toEqual([
      {
        viewId: expect.any(String),
        earnedAt: new Date("2025-06-02T10:00:00Z"),
        advertTitle: "MTN Data Bonanza",
        amountKobo: 5_000n,
      },
      {
        viewId: expect.any(String),
        earnedAt: new Date("2025-06-01T10:00:00Z"),
        advertTitle: "Indomie Jollof",
        amountKobo: 1_234n,
      },
    ]);
    // The amount is what was paid, even if the advert's reward changes later.
    const [paid] = await db
      .select({ reward: advertViews.rewardKobo })
      .from(advertViews)
      .where(eq(advertViews.id, history[1]!.viewId));
    expect(paid?.reward).toBe(1_234n);
    expect(await advertEarningsHistory(db, viewer.id, { limit: 1 })).toHaveLength(1);
  });
});
