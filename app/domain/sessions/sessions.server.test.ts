import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import {
  countUserSessions,
  createSession,
  deleteSession,
  deleteUserSessions,
  findSessionUser,
  purgeExpiredSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "./sessions.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

const { db } = await openTestDatabase();

const sessionRow = async (token: string) =>
  (
    await db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, createHash("sha256").update(token).digest("hex")))
  )[0];

describe("sessions", () => {
  it("has a 12 hour idle and a 7 day absolute lifetime", () => {
    expect(SESSION_IDLE_MS).toBe(12 * HOUR);
    expect(SESSION_ABSOLUTE_MS).toBe(7 * DAY);
  });

  it("stores only a hash of the 256-bit token", async () => {
    const user = await createUser(db);
    const t0 = new Date("2030-01-01T00:00:00Z");
    const token = await createSession(db, user.id, { ip: "102.89.0.1", userAgent: "Tecno Spark" }, t0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows[0]!;
    expect(row.idHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.ip).toBe("102.89.0.1");
    expect(row.userAgent).toBe("Tecno Spark");
    expect(row.idleExpiresAt.getTime()).toBe(t0.getTime() + 12 * HOUR);
    expect(row.absoluteExpiresAt.getTime()).toBe(t0.getTime() + 7 * DAY);

    // Each sign-in gets a different token.
    const other = await createSession(db, user.id, {}, t0);
    expect(other).not.toBe(token);
    expect(await countUserSessions(db, user.id)).toBe(2);
  });

  it("findSessionUser returns the user with role, permissions and membership name", async () => {
    const admin = await createUser(db, {
      role: "admin",
      name: "Admin Bola",
      permissions: ["manage_users", "view_reports"],
    });
    const token = await createSession(db, admin.id);
    const found = await findSessionUser(db, token);
    expect(found).toMatchObject({
      id: admin.id,
      displayId: admin.displayId,
      name: "Admin Bola",
      email: admin.email,
      role: "admin",
      permissions: ["manage_users", "view_reports"],
      isApproved: true,
      isRestricted: false,
      membershipTierId: "basic",
      membershipName: "Basic Member",
      referralCode: admin.referralCode,
    });
    expect(found).not.toHaveProperty("passwordHash");

    // Role and permission changes apply on the next request.
    await db.update(users).set({ permissions: [], membershipTierId: "gold" }).where(eq(users.id, admin.id));
    expect(await findSessionUser(db, token)).toMatchObject({ permissions: [], membershipName: "Advert Gold" });
  });

  it("unknown, empty and absurdly long tokens find nobody", async () => {
    expect(await findSessionUser(db, "not-a-session")).toBeNull();
    expect(await findSessionUser(db, "")).toBeNull();
    expect(await findSessionUser(db, "x".repeat(5000))).toBeNull();
  });

  it("ends after 12 idle hours", async () => {
    const user = await createUser(db);
    const t0 = new Date("2030-02-01T00:00:00Z");
    const a = await createSession(db, user.id, {}, t0);
    const b = await createSession(db, user.id, {}, t0);
    expect(await findSessionUser(db, a, at(t0, 12 * HOUR - 1000))).not.toBeNull();
    expect(await findSessionUser(db, b, at(t0, 12 * HOUR))).toBeNull();
  });

  it("sliding refresh extends the idle expiry from the last request", async () => {
    const user = await createUser(db);
    const t0 = new Date("2030-03-01T00:00:00Z");
    const token = await createSession(db, user.id, {}, t0);

    expect(await findSessionUser(db, token, at(t0, 11 * HOUR))).not.toBeNull();
    const row = await sessionRow(token);
    expect(row!.lastSeenAt.getTime()).toBe(t0.getTime() + 11 * HOUR);
    expect(row!.idleExpiresAt.getTime()).toBe(t0.getTime() + 23 * HOUR);

    // Past the original idle expiry, still signed in thanks to the refresh.
    expect(await findSessionUser(db, token, at(t0, 22 * HOUR))).not.toBeNull();
    // Idle again for 12 hours: gone.
    expect(await findSessionUser(db, token, at(t0, 34 * HOUR))).toBeNull();
  });

  it("writes the sliding expiry at most once every 5 minutes", async () => {
    const user = await createUser(db);
    const t0 = new Date("2030-03-05T00:00:00Z");
    const token = await createSession(db, user.id, {}, t0);
    expect(await findSessionUser(db, token, at(t0, 5 * 60_000))).not.toBeNull();
    expect((await sessionRow(token))!.lastSeenAt.getTime()).toBe(t0.getTime());
    expect(await findSessionUser(db, token, at(t0, 5 * 60_000 + 1_000))).not.toBeNull();
    const touched = (await sessionRow(token))!;
    expect(touched.lastSeenAt.getTime()).toBe(t0.getTime() + 5 * 60_000 + 1_000);
    expect(touched.updatedAt.getTime()).toBe(t0.getTime() + 5 * 60_000 + 1_000);
    expect(touched.idleExpiresAt.getTime()).toBe(t0.getTime() + 5 * 60_000 + 1_000 + 12 * HOUR);
  });

  it("never outlives the 7 day absolute expiry, however active", async () => {
    const user = await createUser(db);
    const t0 = new Date("2030-04-01T00:00:00Z");
    const token = await createSession(db, user.id, {}, t0);
    for (let t = 10 * HOUR; t < 7 * DAY; t += 10 * HOUR) {
      expect(await findSessionUser(db, token, at(t0, t)), `after ${t / HOUR} h`).not.toBeNull();
    }
    // The last refresh (at 160 h) was capped at the absolute expiry, not 172 h.
    const row = await sessionRow(token);
    expect(row!.idleExpiresAt.getTime()).toBe(t0.getTime() + 7 * DAY);
    expect(row!.absoluteExpiresAt.getTime()).toBe(t0.getTime() + 7 * DAY);

    expect(await findSessionUser(db, token, at(t0, 7 * DAY - 1000))).not.toBeNull();
    expect(await findSessionUser(db, token, at(t0, 7 * DAY))).toBeNull();
  });

  it("a restricted user's session finds nobody and is deleted", async () => {
    const user = await createUser(db, { isApproved: true });
    const token = await createSession(db, user.id);
    const other = await createSession(db, user.id);
    expect(await findSessionUser(db, token)).not.toBeNull();

    await db.update(users).set({ isRestricted: true }).where(eq(users.id, user.id));
    expect(await findSessionUser(db, token)).toBeNull();
    expect(await sessionRow(token)).toBeUndefined();
    // Lifting the restriction does not bring the deleted session back.
    await db.update(users).set({ isRestricted: false }).where(eq(users.id, user.id));
    expect(await findSessionUser(db, token)).toBeNull();
    expect(await findSessionUser(db, other)).not.toBeNull();
  });

  it("a deactivated admin's sessions find nobody and are deleted, even if reactivated", async () => {
    const admin = await createUser(db, { role: "admin" });
    const bystander = await createUser(db, { role: "admin" });
    const token = await createSession(db, admin.id);
    const other = await createSession(db, admin.id);
    const theirs = await createSession(db, bystander.id);
    expect(await findSessionUser(db, token)).toMatchObject({ id: admin.id, deactivatedAt: null });

    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, admin.id));
    expect(await findSessionUser(db, token)).toBeNull();
    expect(await sessionRow(token)).toBeUndefined();
    // A session created afterwards (a sign-in racing the deactivation) is refused too.
    const late = await createSession(db, admin.id);
    expect(await findSessionUser(db, late)).toBeNull();
    expect(await sessionRow(late)).toBeUndefined();
    expect(await findSessionUser(db, theirs)).not.toBeNull();

    // Clearing the flag does not bring the deleted sessions back.
    await db.update(users).set({ deactivatedAt: null }).where(eq(users.id, admin.id));
    expect(await findSessionUser(db, token)).toBeNull();
    expect(await findSessionUser(db, late)).toBeNull();
    expect(await findSessionUser(db, other)).not.toBeNull();
  });

  it("deleteSession ends one session", async () => {
    const user = await createUser(db);
    const a = await createSession(db, user.id);
    const b = await createSession(db, user.id);
    await deleteSession(db, a);
    expect(await findSessionUser(db, a)).toBeNull();
    expect(await findSessionUser(db, b)).not.toBeNull();
  });

  it("deleteUserSessions ends every session of that user except the one kept", async () => {
    const user = await createUser(db);
    const bystander = await createUser(db);
    const keep = await createSession(db, user.id);
    const drop1 = await createSession(db, user.id);
    const drop2 = await createSession(db, user.id);
    const theirs = await createSession(db, bystander.id);

    await deleteUserSessions(db, user.id, keep);
    expect(await findSessionUser(db, keep)).not.toBeNull();
    expect(await findSessionUser(db, drop1)).toBeNull();
    expect(await findSessionUser(db, drop2)).toBeNull();
    expect(await countUserSessions(db, user.id)).toBe(1);
    expect(await findSessionUser(db, theirs)).not.toBeNull();

    await deleteUserSessions(db, user.id);
    expect(await countUserSessions(db, user.id)).toBe(0);
    expect(await countUserSessions(db, bystander.id)).toBe(1);
  });

  it("purgeExpiredSessions removes idle-expired and absolutely-expired sessions only", async () => {
    const user = await createUser(db);
    const t0 = new Date("2030-06-01T00:00:00Z");
    const idleExpired = await createSession(db, user.id, {}, t0);
    const fresh = await createSession(db, user.id, {}, at(t0, 8 * DAY - HOUR));
    const absoluteExpired = await createSession(db, user.id, {}, at(t0, DAY));
    // Kept active by hand so only its absolute expiry (t0 + 8 days) applies.
    await db
      .update(sessions)
      .set({ idleExpiresAt: at(t0, 30 * DAY) })
      .where(eq(sessions.idHash, createHash("sha256").update(absoluteExpired).digest("hex")));

    await purgeExpiredSessions(db, at(t0, 8 * DAY));
    expect(await sessionRow(idleExpired)).toBeUndefined();
    expect(await sessionRow(absoluteExpired)).toBeUndefined();
    expect(await sessionRow(fresh)).toBeDefined();
    expect(await findSessionUser(db, fresh, at(t0, 8 * DAY))).not.toBeNull();
  });
});
