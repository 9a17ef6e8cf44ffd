import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referrals, users } from "~/db/schema";
import { listAudit } from "~/domain/audit/audit.server";
import { HOLD_REASONS } from "~/domain/referrals/referral-abuse";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { openTestDatabase } from "~test/database";
import { createUser, formKey, payee } from "~test/factories";
import { referredMember } from "~test/referrals";
import {
  MEMBER_PAGE_LIST_SIZE,
  memberProfile,
  memberReferrals,
  memberSignInAddresses,
  memberStatusHistory,
  memberWithdrawals,
} from "./member-page.server";
import { moderateUser } from "./moderate-user.server";

const { db } = await openTestDatabase();
const APP_URL = new URL("https://adnaira.example/");

const addresses = (id: string, signupIp: string | null, recentLoginIps: string[] = []) =>
  db.update(users).set({ signupIp, recentLoginIps }).where(eq(users.id, id));

describe("memberProfile", () => {
  it("shows a member with their tier, referrer and money from the ledger (kobo)", async () => {
    const referrer = await createUser(db, { name: "Ngozi Referrer" });
    const member = await referredMember(db, referrer, { name: "Bola Member", isApproved: true });
    await db.update(users).set({ referredById: referrer.id }).where(eq(users.id, member.id));
    const withMoney = await payee(db, { balanceKobo: 250_000n });
    await requestWithdrawal(db, { userId: withMoney.id, amountKobo: 50_000n, idempotencyKey: formKey() });

    const profile = await memberProfile(db, member.id);
    expect(profile).toMatchObject({
      name: "Bola Member",
      role: "user",
      tierName: "Basic Member",
      referredBy: { id: referrer.id, name: "Ngozi Referrer", displayId: referrer.displayId },
      availableKobo: 0n,
      heldKobo: 0n,
      earnedKobo: 0n,
    });
    expect(await memberProfile(db, withMoney.id)).toMatchObject({
      availableKobo: 200_000n,
      heldKobo: 50_000n,
      earnedKobo: 250_000n,
      referredBy: null,
    });
  });

  it("has no page for an unknown id or a staff account; an advertiser has one", async () => {
    const admin = await createUser(db, { role: "admin" });
    const advertiser = await createUser(db, { role: "advertiser" });
    expect(await memberProfile(db, "no-such-id")).toBeNull();
    expect(await memberProfile(db, admin.id)).toBeNull();
    expect(await memberProfile(db, advertiser.id)).toMatchObject({ role: "advertiser" });
  });
});

describe("memberStatusHistory and the audit entries about a member", () => {
  it("lists approve, restrict and unrestrict with who did it, newest first", async () => {
    const admin = await createUser(db, { role: "admin", permissions: ["manage_users"], name: "Ada Admin" });
    const actor = { id: admin.id, role: "admin" as const, permissions: admin.permissions };
    const member = await createUser(db, { isApproved: false });
    for (const m of ["approve", "restrict", "unrestrict"] as const) {
      expect(await moderateUser(db, actor, member.id, m, APP_URL)).toMatchObject({ status: "ok" });
    }
    const history = await memberStatusHistory(db, member.id);
    expect(history.map((h) => [h.action, h.actorName])).toEqual([
      ["user.unrestrict", "Ada Admin"],
      ["user.restrict", "Ada Admin"],
      ["user.approve", "Ada Admin"],
    ]);
    const about = await listAudit(db, actor, { targetId: member.id, pageSize: 2 });
    expect(about.total).toBe(3);
    expect(about.pageCount).toBe(2);
    expect(about.entries.map((e) => e.action)).toEqual(["user.unrestrict", "user.restrict"]);
    // The entries name the member (a page of theirs to link to), not the admin (who has none).
    expect(about.entries[0]).toMatchObject({ targetMemberId: member.id, actorId: admin.id, actorIsMember: false });
    expect(await memberStatusHistory(db, (await createUser(db)).id)).toEqual([]);
  });
});

describe("memberReferrals and memberWithdrawals", () => {
  it("pages the referrals made, with a held one's reason", async () => {
    const referrer = await createUser(db);
    const first = await referredMember(db, referrer, { name: "Held Friend" });
    await db
      .update(referrals)
      .set({ status: "held", rewardKobo: 10_000n, holdReason: HOLD_REASONS.linked })
      .where(eq(referrals.referredId, first.id));
    for (let i = 0; i < MEMBER_PAGE_LIST_SIZE; i++) await referredMember(db, referrer);
    const one = await memberReferrals(db, referrer.id, 1);
    expect(one).toMatchObject({ page: 1, pageCount: 2, total: MEMBER_PAGE_LIST_SIZE + 1 });
    expect(one.rows).toHaveLength(MEMBER_PAGE_LIST_SIZE);
    const two = await memberReferrals(db, referrer.id, 2);
    expect(two.rows).toEqual([
      expect.objectContaining({
        referredId: first.id,
        referredName: "Held Friend",
        status: "held",
        holdReason: HOLD_REASONS.linked,
        rewardKobo: 10_000n,
      }),
    ]);
    expect((await memberReferrals(db, first.id)).rows).toEqual([]);
  });

  it("lists the member's withdrawals only", async () => {
    const member = await payee(db, { balanceKobo: 500_000n });
    const other = await payee(db, { balanceKobo: 500_000n });
    await requestWithdrawal(db, { userId: member.id, amountKobo: 20_000n, idempotencyKey: formKey() });
    await requestWithdrawal(db, { userId: other.id, amountKobo: 30_000n, idempotencyKey: formKey() });
    const list = await memberWithdrawals(db, member.id);
    expect(list.total).toBe(1);
    expect(list.rows).toEqual([expect.objectContaining({ amountKobo: 20_000n, status: "pending" })]);
  });
});

describe("memberSignInAddresses: addresses other members used too", () => {
  it("flags an IPv4 address another member signed up or signed in from", async () => {
    const [me, signedUpThere, signedInThere, elsewhere] = await Promise.all([
      createUser(db, { name: "Me" }),
      createUser(db, { name: "Same Sign-up" }),
      createUser(db, { name: "Same Sign-in" }),
      createUser(db, { name: "Elsewhere" }),
    ]);
    await addresses(me.id, "41.58.10.1", ["41.58.10.2", "41.58.10.1"]);
    await addresses(signedUpThere.id, "41.58.10.1");
    await addresses(signedInThere.id, "105.112.0.9", ["41.58.10.1"]);
    await addresses(elsewhere.id, "41.58.10.3", ["41.58.10.4"]);
    const found = await memberSignInAddresses(db, me.id);
    expect(found.map((a) => [a.network, a.signup, a.signIn, a.sharedWith])).toEqual([
      ["41.58.10.1", true, true, 2],
      ["41.58.10.2", false, true, 0],
    ]);
    expect(found[0]!.others.map((o) => o.name).sort()).toEqual(["Same Sign-in", "Same Sign-up"]);
    expect(found[0]!.others.map((o) => o.id)).not.toContain(me.id);
  });

  it("compares IPv6 by its /64: the same /64 is flagged, another /64 is not", async () => {
    const [me, sameLine, otherLine, legacy] = await Promise.all([
      createUser(db),
      createUser(db, { name: "Same /64" }),
      createUser(db, { name: "Other /64" }),
      createUser(db, { name: "Whole address stored" }),
    ]);
    // A sign-up address is stored whole; a sign-in as its network (networkOf), or whole in older rows.
    await addresses(me.id, "2c0f:f5c0:440:1a2b:aaaa:bbbb:cccc:1", ["2c0f:f5c0:440:1a2b::/64"]);
    await addresses(sameLine.id, "2c0f:f5c0:440:1a2b:1:2:3:4");
    await addresses(otherLine.id, "2c0f:f5c0:440:1a2c:aaaa:bbbb:cccc:1", ["2c0f:f5c0:440:1a2c::/64"]);
    await addresses(legacy.id, null, ["2c0f:f5c0:440:1a2b:9:9:9:9"]);
    const found = await memberSignInAddresses(db, me.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ network: "2c0f:f5c0:440:1a2b::/64", signup: true, signIn: true, sharedWith: 2 });
    expect(found[0]!.others.map((o) => o.name).sort()).toEqual(["Same /64", "Whole address stored"]);
  });

  it("has nothing to show for a member with no recorded address, and leaves staff out of the count", async () => {
    const quiet = await createUser(db);
    expect(await memberSignInAddresses(db, quiet.id)).toEqual([]);
    const me = await createUser(db);
    const admin = await createUser(db, { role: "admin" });
    await addresses(me.id, "197.210.5.5");
    await addresses(admin.id, "197.210.5.5");
    expect(await memberSignInAddresses(db, me.id)).toEqual([
      expect.objectContaining({ network: "197.210.5.5", sharedWith: 0, others: [] }),
    ]);
  });
});
