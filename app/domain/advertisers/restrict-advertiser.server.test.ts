import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { authenticate } from "~/domain/accounts/authenticate.server";
import { countUserSessions, createSession, findSessionUser } from "~/domain/sessions/sessions.server";
import { auditRowsFor } from "~test/audit";
import { openTestDatabase } from "~test/database";
import { advertAdmin, approvedAdvertiser, createUser, TEST_PASSWORD } from "~test/factories";
import { listAdvertisers } from "./list-advertisers.server";
import { setAdvertiserRestricted } from "./restrict-advertiser.server";

const { db } = await openTestDatabase();

const restrictedOf = async (userId: string) =>
  (await db.select({ isRestricted: users.isRestricted }).from(users).where(eq(users.id, userId)))[0]!.isRestricted;

describe("setAdvertiserRestricted", () => {
  it("is forbidden without manage_adverts, and changes nothing", async () => {
    const business = await approvedAdvertiser(db);
    await createSession(db, business.id);
    const withoutPermission = await advertAdmin(db, ["manage_users"]);
    expect(await setAdvertiserRestricted(db, withoutPermission, business.id, true)).toEqual({ status: "forbidden" });
    expect(await restrictedOf(business.id)).toBe(false);
    expect(await countUserSessions(db, business.id)).toBe(1);
    expect(await auditRowsFor(db, business.id)).toHaveLength(0);
  });

  it("refuses a member's (or an unknown) id: members are moderated on /admin/users", async () => {
    const member = await createUser(db, { isApproved: true });
    const admin = await advertAdmin(db);
    expect(await setAdvertiserRestricted(db, admin, member.id, true)).toEqual({ status: "not-found" });
    expect(await setAdvertiserRestricted(db, admin, "no-such-user", true)).toEqual({ status: "not-found" });
    expect(await restrictedOf(member.id)).toBe(false);
    expect(await auditRowsFor(db, member.id)).toHaveLength(0);
  });

  it("restricts: sessions end, sign-in is refused, audited once; a second restrict is refused", async () => {
    const business = await approvedAdvertiser(db);
    const token = await createSession(db, business.id);
    await createSession(db, business.id);
    const admin = await advertAdmin(db);

    expect(await setAdvertiserRestricted(db, admin, business.id, true)).toEqual({ status: "ok" });
    expect(await restrictedOf(business.id)).toBe(true);
    expect(await countUserSessions(db, business.id)).toBe(0);
    expect(await findSessionUser(db, token)).toBeNull();
    expect(await authenticate(db, { email: business.email, password: TEST_PASSWORD })).toEqual({
      status: "restricted",
    });
    const listed = await listAdvertisers(db, { search: business.email });
    expect(listed.advertisers[0]).toMatchObject({ id: business.id, isRestricted: true });

    const [audit, ...more] = await auditRowsFor(db, business.id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({
      action: "advertiser.restrict",
      targetType: "advertiser",
      actorId: admin.id,
      before: { isRestricted: false },
      after: { isRestricted: true },
      ip: admin.ip,
    });

    expect(await setAdvertiserRestricted(db, admin, business.id, true)).toEqual({
      status: "conflict",
      restricted: true,
    });
    expect(await auditRowsFor(db, business.id)).toHaveLength(1);
  });

  it("unrestricts a restricted advertiser, who signs in again; a second unrestrict is refused", async () => {
    const business = await approvedAdvertiser(db);
    const admin = await advertAdmin(db);
    expect(await setAdvertiserRestricted(db, admin, business.id, false)).toEqual({
      status: "conflict",
      restricted: false,
    });
    await setAdvertiserRestricted(db, admin, business.id, true);

    expect(await setAdvertiserRestricted(db, admin, business.id, false)).toEqual({ status: "ok" });
    expect(await restrictedOf(business.id)).toBe(false);
    expect((await authenticate(db, { email: business.email, password: TEST_PASSWORD })).status).toBe("ok");
    const rows = await auditRowsFor(db, business.id);
    expect(rows.map((r) => r.action)).toEqual(["advertiser.restrict", "advertiser.unrestrict"]);
    expect(rows[1]).toMatchObject({
      targetType: "advertiser",
      before: { isRestricted: true },
      after: { isRestricted: false },
    });
    expect(await setAdvertiserRestricted(db, admin, business.id, false)).toEqual({
      status: "conflict",
      restricted: false,
    });
    expect(await auditRowsFor(db, business.id)).toHaveLength(2);
  });
});
