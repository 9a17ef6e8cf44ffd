import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { advertiserProfiles } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import { dailyCountsDrift } from "~/domain/stats/rollups.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { isApprovedAdvertiser } from "~/domain/campaigns/campaigns.server";
import { auditRowsFor } from "~test/audit";
import { openTestDatabase } from "~test/database";
import { advertAdmin, approvedAdvertiser, createUser } from "~test/factories";
import { advertiserBalancesTotal } from "~/domain/campaigns/admin-campaigns.server";
import { listAdvertisers } from "./list-advertisers.server";
import { reviewAdvertiser } from "./review-advertiser.server";

const appUrl = new URL("https://adnaira.example");
const { db } = await openTestDatabase();

const profileOf = async (userId: string) =>
  (await db.select().from(advertiserProfiles).where(eq(advertiserProfiles.userId, userId)))[0]!;

describe("reviewAdvertiser", () => {
  it("is forbidden without manage_adverts, and changes nothing", async () => {
    const business = await approvedAdvertiser(db, { status: "pending" });
    const withoutPermission = await advertAdmin(db, ["manage_users"]);
    expect(await reviewAdvertiser(db, withoutPermission, business.id, "approve", undefined, appUrl)).toEqual({
      status: "forbidden",
    });
    expect((await profileOf(business.id)).status).toBe("pending");
    expect(await auditRowsFor(db, business.id)).toHaveLength(0);
  });

  it("approves a pending business: audited, mailed with its name once confirmed, and it may create campaigns", async () => {
    const business = await approvedAdvertiser(db, {
      status: "pending",
      name: "Tunde Bakare",
      businessName: "Yaba Bread",
    });
    const admin = await advertAdmin(db);
    const result = await reviewAdvertiser(db, admin, business.id, "approve", undefined, appUrl);
    expect(result.status).toBe("ok");
    const profile = await profileOf(business.id);
    expect(profile).toMatchObject({ status: "approved", reviewedById: admin.id, rejectionReason: null });
    expect(profile.reviewedAt).toBeInstanceOf(Date);
    expect(await isApprovedAdvertiser(db, business.id)).toBe(true);

    const [audit] = await auditRowsFor(db, business.id);
    expect(audit).toMatchObject({
      action: "advertiser.approve",
      targetType: "advertiser",
      actorId: admin.id,
      before: { status: "pending" },
      after: { status: "approved" },
      ip: admin.ip,
    });

    const mails = await emailsTo(db, business.email);
    expect(mails).toHaveLength(1);
    expect(result.status === "ok" && mails[0]!.id).toBe(result.status === "ok" && result.mailId);
    expect(mails[0]!.subject).toBe("Your AdNaira advertiser account is approved");
    expect(mails[0]!.textBody).toContain("Hello Tunde Bakare,");
    expect(mails[0]!.textBody).toContain("Yaba Bread");
    expect(mails[0]!.textBody).toContain("https://adnaira.example/login");
  });

  it("answers the second decision with a conflict (two admins at once): one change, one audit row, one mail", async () => {
    const business = await approvedAdvertiser(db, { status: "pending" });
    const [first, second] = [await advertAdmin(db), await advertAdmin(db)];
    const results = await Promise.all([
      reviewAdvertiser(db, first, business.id, "approve", undefined, appUrl),
      reviewAdvertiser(db, second, business.id, "reject", "Not a real business", appUrl),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual(["conflict", "ok"]);
    expect(await auditRowsFor(db, business.id)).toHaveLength(1);
    expect(await emailsTo(db, business.email)).toHaveLength(1);

    // And later, deciding again is a conflict that names the current status.
    const again = await reviewAdvertiser(db, first, business.id, "approve", undefined, appUrl);
    expect(again).toEqual({ status: "conflict", current: (await profileOf(business.id)).status });
  });

  it("rejects with a reason (required): stored, audited, and carried by the mail", async () => {
    const business = await approvedAdvertiser(db, { status: "pending" });
    const admin = await advertAdmin(db, [], "super_admin");
    expect(await reviewAdvertiser(db, admin, business.id, "reject", "   ", appUrl)).toEqual({
      status: "reason-required",
    });
    expect((await profileOf(business.id)).status).toBe("pending");

    const result = await reviewAdvertiser(db, admin, business.id, "reject", " No CAC registration number ", appUrl);
    expect(result.status).toBe("ok");
    expect(await profileOf(business.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "No CAC registration number",
    });
    const [audit] = await auditRowsFor(db, business.id, "advertiser.reject");
    expect(audit!.after).toEqual({ status: "rejected", reason: "No CAC registration number" });
    const [mail] = await emailsTo(db, business.email);
    expect(mail!.subject).toBe("Your AdNaira advertiser application was not approved");
    expect(mail!.textBody).toContain("Reason: No CAC registration number");
    expect(await isApprovedAdvertiser(db, business.id)).toBe(false);
  });

  it("leaves a reason that reads as a link out of the mail (the outbox sends no foreign links)", async () => {
    const business = await approvedAdvertiser(db, { status: "pending" });
    await reviewAdvertiser(db, await advertAdmin(db), business.id, "reject", "See www.example.com/rules", appUrl);
    const [mail] = await emailsTo(db, business.email);
    expect(mail!.textBody).not.toContain("example.com");
    expect(mail!.textBody).toContain("Log in to read the reason.");
    expect((await profileOf(business.id)).rejectionReason).toBe("See www.example.com/rules");
  });

  it("mails an unconfirmed address nothing the registrant typed", async () => {
    const business = await approvedAdvertiser(db, {
      status: "pending",
      emailConfirmed: false,
      name: "Impostor Name",
      businessName: "Typed Business",
    });
    await reviewAdvertiser(db, await advertAdmin(db), business.id, "approve", undefined, appUrl);
    const [mail] = await emailsTo(db, business.email);
    expect(mail!.textBody).toMatch(/^Hello,\n\n/);
    expect(mail!.textBody).not.toContain("Impostor");
    expect(mail!.textBody).not.toContain("Typed Business");
  });

  it("answers not-found for someone who is not an advertiser", async () => {
    const member = await createUser(db);
    expect(await reviewAdvertiser(db, await advertAdmin(db), member.id, "approve", undefined, appUrl)).toEqual({
      status: "not-found",
    });
  });
});

describe("listAdvertisers and advertiserBalancesTotal", () => {
  it("lists advertisers with their balances, filtered by status and searched", async () => {
    const { db } = await openTestDatabase();
    const approved = await approvedAdvertiser(db, { businessName: "Ikeja Shoes", balanceKobo: 250_000n });
    const pending = await approvedAdvertiser(db, { businessName: "Lekki Paints", status: "pending" });
    const rejected = await approvedAdvertiser(db, { businessName: "Ajah Phones", status: "rejected" });
    await createUser(db, { name: "Ikeja Member" }); // members are never listed

    const all = await listAdvertisers(db, { page: 1 });
    expect(all.counts).toEqual({ all: 3, pending: 1, approved: 1, rejected: 1 });
    expect(all.advertisers.map((a) => a.id)).toEqual([rejected.id, pending.id, approved.id]);
    const row = all.advertisers.find((a) => a.id === approved.id)!;
    expect(row).toMatchObject({
      businessName: "Ikeja Shoes",
      name: approved.name,
      email: approved.email,
      phone: "08031234567",
      displayId: approved.displayId,
      status: "approved",
      balanceKobo: 250_000n,
      emailConfirmed: true,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
    // No ledger account yet: a zero balance.
    expect(all.advertisers.find((a) => a.id === pending.id)!.balanceKobo).toBe(0n);

    expect((await listAdvertisers(db, { status: "pending" })).advertisers.map((a) => a.id)).toEqual([pending.id]);
    expect((await listAdvertisers(db, { search: "ikeja" })).advertisers.map((a) => a.id)).toEqual([approved.id]);
    expect((await listAdvertisers(db, { search: approved.displayId.toLowerCase() })).advertisers).toHaveLength(1);
    expect((await listAdvertisers(db, { search: "0803 123" })).advertisers).toHaveLength(3);
    expect((await listAdvertisers(db, { search: "nothing like it" })).advertisers).toHaveLength(0);
    expect((await listAdvertisers(db, { search: "50%" })).advertisers).toHaveLength(0);

    // The counts follow a review (the kept counters), as a count of the profiles has them.
    expect((await reviewAdvertiser(db, await advertAdmin(db), pending.id, "approve", undefined, appUrl)).status).toBe(
      "ok",
    );
    const [direct] = rowsOf<Record<string, number>>(
      await db.execute(sql`
        select count(*)::int as "all", count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'approved')::int as approved,
               count(*) filter (where status = 'rejected')::int as rejected
          from advertiser_profiles`),
    );
    expect((await listAdvertisers(db)).counts).toEqual({ all: 3, pending: 0, approved: 2, rejected: 1 });
    expect((await listAdvertisers(db)).counts).toEqual(direct);
    expect(await dailyCountsDrift(db)).toEqual([]);

    await approvedAdvertiser(db, { balanceKobo: 1_000n });
    // A member's balance is no advertiser's.
    const earner = await createUser(db, { isApproved: true });
    await transfer(db, {
      from: { platform: "advert_rewards" },
      to: { userId: earner.id, kind: "available" },
      amountKobo: 7_000n,
      kind: "advert_reward",
      idempotencyKey: `test-reward:${earner.id}`,
    });
    expect(await advertiserBalancesTotal(db)).toBe(251_000n);
  });
});
