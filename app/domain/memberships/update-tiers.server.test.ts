import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog, membershipTiers, upgradeRequests } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { fieldErrors } from "~/lib/forms";
import { openTestDatabase } from "~test/database";
import { creditUser, member, membershipAdmin } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { DEFAULT_TIERS } from "./default-tiers";
import { approveUpgrade } from "./process-upgrade.server";
import { requestUpgrade } from "./request-upgrade.server";
import { limitField, priceField, TIER_MESSAGES, tierPricesSchema, type TierValues } from "./tier-prices-validation";
import { updateTiers } from "./update-tiers.server";

const { db } = await openTestDatabase();

const stored = async () =>
  (
    await db
      .select({
        tierId: membershipTiers.id,
        priceKobo: membershipTiers.priceKobo,
        dailyAdViews: membershipTiers.dailyAdViews,
      })
      .from(membershipTiers)
      .orderBy(asc(membershipTiers.rank))
  ).map((t) => ({ ...t }));
const DEFAULTS: TierValues[] = DEFAULT_TIERS.map((t) => ({
  tierId: t.id,
  priceKobo: t.priceKobo,
  dailyAdViews: t.dailyAdViews,
}));
const withChange = (tierId: string, change: Partial<TierValues>) =>
  DEFAULTS.map((t) => (t.tierId === tierId ? { ...t, ...change } : t));
/** The audit rows of this kind by `actorId` (the log is append-only: each test has its own admin). */
const audits = (actorId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "membership_prices.update"), eq(auditLog.actorId, actorId)));

beforeEach(async () => {
  for (const t of DEFAULTS) {
    await db
      .update(membershipTiers)
      .set({ priceKobo: t.priceKobo, dailyAdViews: t.dailyAdViews })
      .where(eq(membershipTiers.id, t.tierId));
  }
});
afterEach(async () => expectLedgerReconciled(db));

describe("the Update Membership Prices form", () => {
  const tiers = DEFAULT_TIERS.map(({ id, name, rank }) => ({ id, name, rank }));
  const form = (changes: Record<string, string> = {}) => ({
    [limitField("basic")]: "5",
    [priceField("bronze")]: "500",
    [limitField("bronze")]: "10",
    [priceField("silver")]: "1,000.00",
    [limitField("silver")]: "20",
    [priceField("gold")]: "1500.50",
    [limitField("gold")]: "30",
    [priceField("vip")]: "₦2,000",
    [limitField("vip")]: "50",
    ...changes,
  });
  const errorsOf = (values: Record<string, string>) => {
    const parsed = tierPricesSchema(tiers).safeParse(values);
    return parsed.success ? null : fieldErrors(parsed.error);
  };

  it("reads every tier's price in naira (Basic at 0, no input for it) and daily limit", () => {
    const parsed = tierPricesSchema(tiers).parse(form());
    expect(parsed).toEqual([
      { tierId: "basic", priceKobo: 0n, dailyAdViews: 5 },
      { tierId: "bronze", priceKobo: 50_000n, dailyAdViews: 10 },
      { tierId: "silver", priceKobo: 100_000n, dailyAdViews: 20 },
      { tierId: "gold", priceKobo: 150_050n, dailyAdViews: 30 },
      { tierId: "vip", priceKobo: 200_000n, dailyAdViews: 50 },
    ]);
    // A Basic price sent anyway is not read: Basic stays free.
    expect(tierPricesSchema(tiers).parse(form({ [priceField("basic")]: "99" }))[0]).toEqual({
      tierId: "basic",
      priceKobo: 0n,
      dailyAdViews: 5,
    });
  });

  it("refuses each bad value with its field's message", () => {
    expect(errorsOf(form({ [priceField("bronze")]: "" }))).toEqual({ [priceField("bronze")]: "Enter an amount." });
    expect(errorsOf(form({ [priceField("bronze")]: "abc" }))).toEqual({
      [priceField("bronze")]: "Enter an amount in naira, such as 1500 or 1,500.50.",
    });
    expect(errorsOf(form({ [priceField("bronze")]: "5.001" }))).toEqual({
      [priceField("bronze")]: "Use at most 2 decimal places.",
    });
    expect(errorsOf(form({ [priceField("bronze")]: "-5" }))).toEqual({
      [priceField("bronze")]: "Amount cannot be negative.",
    });
    expect(errorsOf(form({ [priceField("bronze")]: "0" }))).toEqual({
      [priceField("bronze")]: TIER_MESSAGES.priceNotPositive,
    });
    for (const bad of ["", "0", "-1", "2.5", "1e2", "1001", "abc"]) {
      expect(errorsOf(form({ [limitField("gold")]: bad })), bad).toEqual({
        [limitField("gold")]: TIER_MESSAGES.dailyLimit,
      });
    }
    expect(errorsOf(form({ [limitField("gold")]: "999", [limitField("vip")]: "1000" }))).toBeNull();
  });

  it("refuses a price that does not rise with the tier, and a daily limit not above the tier below's", () => {
    expect(errorsOf(form({ [priceField("silver")]: "500" }))).toEqual({
      [priceField("silver")]: "Advert Silver must cost more than Advert Bronze (₦500.00).",
    });
    expect(errorsOf(form({ [priceField("vip")]: "1000" }))).toEqual({
      [priceField("vip")]: "Advert VIP must cost more than Advert Gold (₦1,500.50).",
    });
    expect(errorsOf(form({ [limitField("silver")]: "9" }))).toEqual({
      [limitField("silver")]: "Advert Silver's daily advert limit must be higher than Advert Bronze's (10).",
    });
    // Equal is refused too: the daily limit is all a tier changes, so a dearer tier must raise it.
    expect(errorsOf(form({ [limitField("silver")]: "10" }))).toEqual({
      [limitField("silver")]: "Advert Silver's daily advert limit must be higher than Advert Bronze's (10).",
    });
    expect(errorsOf(form({ [limitField("silver")]: "11" }))).toBeNull();
    // A field that is itself wrong gives its own message, and the others are still compared.
    expect(errorsOf(form({ [priceField("silver")]: "x", [limitField("vip")]: "1" }))).toEqual({
      [priceField("silver")]: "Enter an amount in naira, such as 1500 or 1,500.50.",
      [limitField("vip")]: "Advert VIP's daily advert limit must be higher than Advert Gold's (30).",
    });
  });
});

describe("updateTiers", () => {
  it("saves every tier's price and limit in one go, audited with what changed", async () => {
    const admin = await membershipAdmin(db);
    const next = withChange("bronze", { priceKobo: 60_000n, dailyAdViews: 12 }).map((t) =>
      t.tierId === "vip" ? { ...t, priceKobo: 250_000n } : t,
    );
    expect(await updateTiers(db, admin, next)).toEqual({ status: "ok", changed: true });
    expect(await stored()).toEqual(next);
    const [row, ...more] = await audits(admin.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorId: admin.id,
      targetType: "membership_tiers",
      before: {
        "Advert Bronze price": "₦500.00",
        "Advert Bronze daily advert limit": 10,
        "Advert VIP price": "₦2,000.00",
      },
      after: {
        "Advert Bronze price": "₦600.00",
        "Advert Bronze daily advert limit": 12,
        "Advert VIP price": "₦2,500.00",
      },
    });
  });

  it("saving the same values changes nothing and audits nothing", async () => {
    const admin = await membershipAdmin(db);
    expect(await updateTiers(db, admin, DEFAULTS)).toEqual({ status: "ok", changed: false });
    expect(await audits(admin.id)).toEqual([]);
  });

  it("the super admin may; an admin without manage_memberships gets Forbidden and nothing changes", async () => {
    const others = await membershipAdmin(
      db,
      PERMISSIONS.filter((p) => p !== "manage_memberships"),
    );
    const change = withChange("gold", { priceKobo: 160_000n });
    expect(await updateTiers(db, others, change)).toEqual({ status: "forbidden" });
    expect(await stored()).toEqual(DEFAULTS);
    const root = await membershipAdmin(db, [], "super_admin");
    expect(await updateTiers(db, root, change)).toEqual({ status: "ok", changed: true });
    expect(await stored()).toEqual(change);
  });

  it("checks the ladder again itself: a falling price, a paid Basic, a missing tier change nothing", async () => {
    const admin = await membershipAdmin(db);
    expect(await updateTiers(db, admin, withChange("gold", { priceKobo: 100_000n }))).toEqual({
      status: "invalid",
      errors: { [priceField("gold")]: "Advert Gold must cost more than Advert Silver (₦1,000.00)." },
    });
    expect(await updateTiers(db, admin, withChange("basic", { priceKobo: 100n }))).toEqual({
      status: "invalid",
      errors: { [priceField("basic")]: TIER_MESSAGES.basicIsFree },
    });
    expect(await updateTiers(db, admin, withChange("vip", { dailyAdViews: 29 }))).toEqual({
      status: "invalid",
      errors: { [limitField("vip")]: "Advert VIP's daily advert limit must be higher than Advert Gold's (30)." },
    });
    expect(await updateTiers(db, admin, DEFAULTS.slice(1))).toEqual({
      status: "invalid",
      errors: { form: TIER_MESSAGES.tiersChanged },
    });
    expect(await stored()).toEqual(DEFAULTS);
    expect(await audits(admin.id)).toEqual([]);
    await expect(updateTiers(db, admin, withChange("gold", { dailyAdViews: 0 }))).rejects.toThrow(RangeError);
  });

  it("a price change leaves a pending request's stored price alone; approval books that price", async () => {
    const admin = await membershipAdmin(db);
    const m = await member(db);
    await creditUser(db, m.id, 100_000n);
    const requested = await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
    if (requested.status !== "ok") throw new Error(requested.status);
    expect(requested.request.priceKobo).toBe(50_000n);
    expect(await updateTiers(db, admin, withChange("bronze", { priceKobo: 80_000n }))).toMatchObject({
      changed: true,
    });
    const [row] = await db.select().from(upgradeRequests).where(eq(upgradeRequests.id, requested.request.id));
    expect(row!.priceKobo).toBe(50_000n);
    const approved = await approveUpgrade(db, admin, requested.request.id);
    expect(approved).toMatchObject({ status: "ok", request: { priceKobo: 50_000n } });
  });
});
