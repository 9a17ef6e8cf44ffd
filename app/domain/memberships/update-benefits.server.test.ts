import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, membershipTiers } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { openTestDatabase } from "~test/database";
import { member, membershipAdmin } from "~test/factories";
import { BENEFIT_MESSAGES, benefitsField, tierBenefitsSchema, type TierBenefits } from "./benefits-validation";
import { DEFAULT_TIERS } from "./default-tiers";
import { TIER_MESSAGES } from "./tier-prices-validation";
import { updateTierBenefits } from "./update-benefits.server";
import { upgradeOffer } from "./upgrade-offer.server";

const { db } = await openTestDatabase();

const DEFAULTS: TierBenefits[] = DEFAULT_TIERS.map((t) => ({ tierId: t.id, benefits: [...t.benefits] }));
const withChange = (tierId: string, benefits: string[]) =>
  DEFAULTS.map((t) => (t.tierId === tierId ? { tierId, benefits } : t));
const stored = async () =>
  (await db.select().from(membershipTiers).orderBy(asc(membershipTiers.rank))).map((t) => ({
    tierId: t.id,
    benefits: t.benefits,
  }));
const audits = (actorId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "membership_benefits.update"), eq(auditLog.actorId, actorId)));

beforeEach(async () => {
  for (const t of DEFAULTS) {
    await db.update(membershipTiers).set({ benefits: t.benefits }).where(eq(membershipTiers.id, t.tierId));
  }
});

describe("updateTierBenefits", () => {
  it("starts from the default lines", async () => {
    expect(await stored()).toEqual(DEFAULTS);
    expect(DEFAULTS.find((t) => t.tierId === "bronze")?.benefits).toEqual([
      "Everything in Basic Member",
      "A higher daily advert limit than Basic Member, from the moment your upgrade is approved",
      "Paid once: the tier stays yours, with nothing to renew",
    ]);
  });

  it("needs manage_memberships: nothing changes, nothing is audited", async () => {
    const refused = [
      await membershipAdmin(
        db,
        PERMISSIONS.filter((p) => p !== "manage_memberships"),
      ),
    ];
    for (const actor of refused) {
      expect(await updateTierBenefits(db, actor, withChange("gold", ["Hijacked"]))).toEqual({ status: "forbidden" });
      expect(await audits(actor.id)).toEqual([]);
    }
    expect(await stored()).toEqual(DEFAULTS);
  });

  it("saves the changed tiers, audited once with their lines before and after; members see the new lines", async () => {
    const admin = await membershipAdmin(db);
    const gold = ["Everything in Silver", "All learning hub courses", "Priority support on WhatsApp"];
    expect(await updateTierBenefits(db, admin, withChange("gold", gold))).toEqual({ status: "ok", changed: true });
    expect(await stored()).toEqual(withChange("gold", gold));
    expect(await audits(admin.id)).toEqual([
      expect.objectContaining({
        targetType: "membership_tiers",
        before: { "Advert Gold benefits": DEFAULTS.find((t) => t.tierId === "gold")!.benefits },
        after: { "Advert Gold benefits": gold },
      }),
    ]);
    expect(await updateTierBenefits(db, admin, withChange("gold", gold))).toEqual({ status: "ok", changed: false });
    expect(await audits(admin.id)).toHaveLength(1);

    const someone = await member(db);
    const offer = await upgradeOffer(db, someone.id);
    expect(offer.options.find((o) => o.tierId === "gold")?.benefits).toEqual(gold);
  });

  it("refuses a set that does not name every tier, and lines the form would refuse", async () => {
    const admin = await membershipAdmin(db);
    expect(await updateTierBenefits(db, admin, DEFAULTS.slice(1))).toEqual({
      status: "invalid",
      errors: { form: TIER_MESSAGES.tiersChanged },
    });
    for (const bad of [[], [" padded "], ["x".repeat(121)], Array.from({ length: 13 }, (_, i) => `Benefit ${i}`)]) {
      await expect(updateTierBenefits(db, admin, withChange("vip", bad))).rejects.toThrow(RangeError);
    }
    expect(await stored()).toEqual(DEFAULTS);
    expect(await audits(admin.id)).toEqual([]);
  });
});

describe("tierBenefitsSchema", () => {
  const tiers = DEFAULT_TIERS.map(({ id, name, rank }) => ({ id, name, rank }));
  const form = (overrides: Record<string, string>) => ({
    ...Object.fromEntries(DEFAULTS.map((t) => [benefitsField(t.tierId), t.benefits.join("\n")])),
    ...overrides,
  });

  it("reads one benefit per line, trimmed, blank lines dropped, in rank order", () => {
    const parsed = tierBenefitsSchema(tiers).parse(
      form({ [benefitsField("basic")]: "  Earn by clicking adverts \r\n\r\n   A  weekly   quiz\n" }),
    );
    expect(parsed.map((t) => t.tierId)).toEqual(["basic", "bronze", "silver", "gold", "vip"]);
    expect(parsed[0]).toEqual({ tierId: "basic", benefits: ["Earn by clicking adverts", "A weekly quiz"] });
  });

  it.each([
    ["", BENEFIT_MESSAGES.none],
    [" \n \n", BENEFIT_MESSAGES.none],
    [Array.from({ length: 13 }, (_, i) => `Benefit ${i + 1}`).join("\n"), BENEFIT_MESSAGES.tooMany],
    [`Fine\n${"x".repeat(121)}`, BENEFIT_MESSAGES.tooLong(2)],
  ])("refuses %j on the tier's field", (text, message) => {
    const result = tierBenefitsSchema(tiers).safeParse(form({ [benefitsField("silver")]: text }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [benefitsField("silver"), message],
    ]);
  });

  it("accepts 12 lines of 120 characters", () => {
    const text = Array.from({ length: 12 }, () => "x".repeat(120)).join("\n");
    expect(tierBenefitsSchema(tiers).safeParse(form({ [benefitsField("vip")]: text })).success).toBe(true);
  });
});
