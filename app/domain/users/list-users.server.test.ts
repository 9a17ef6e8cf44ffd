import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { listUsers, USERS_PAGE_SIZE, userStats } from "./list-users.server";

const { db } = await openTestDatabase();

/** Pins created_at so the order is known, whatever the clock resolution. */
async function setCreatedAt(id: string, at: Date) {
  await db.update(users).set({ createdAt: at }).where(eq(users.id, id));
}

const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

describe("listUsers", () => {
  it("lists members only, never admins or the super admin, even when the search matches them", async () => {
    const member = await createUser(db, { name: "Roleprobe Member" });
    const admin = await createUser(db, { role: "admin", name: "Roleprobe Admin" });
    const superAdmin = await createUser(db, { role: "super_admin", name: "Roleprobe Super" });

    const found = await listUsers(db, { search: "roleprobe" });
    expect(idsOf(found.users)).toEqual([member.id]);
    expect(found.counts).toEqual({ all: 1, pending: 1, approved: 0, restricted: 0 });
    for (const search of [admin.displayId, superAdmin.displayId, admin.email, admin.referralCode]) {
      expect((await listUsers(db, { search })).users).toEqual([]);
    }
    const all = await listUsers(db);
    expect(idsOf(all.users)).toContain(member.id);
    expect(idsOf(all.users)).not.toContain(admin.id);
    expect(idsOf(all.users)).not.toContain(superAdmin.id);
  });

  it("returns the table's columns (no password hash or other secrets)", async () => {
    const member = await createUser(db, { name: "Columns Kemi", isApproved: true });
    const [row] = (await listUsers(db, { search: member.displayId })).users;
    expect(row).toEqual({
      id: member.id,
      displayId: member.displayId,
      referralCode: member.referralCode,
      name: "Columns Kemi",
      email: member.email,
      isApproved: true,
      isRestricted: false,
      createdAt: member.createdAt,
      earnedKobo: 0n,
    });
  });

  it("searches part of the name and part of the email, in any case", async () => {
    const chidi = await createUser(db, { name: "Chidinma Okafor", email: "c.okafor@lagosmail.ng" });
    const emeka = await createUser(db, { name: "Emeka Eze", email: "EMEKA.EZE@abujamail.ng" });
    expect(idsOf((await listUsers(db, { search: "dinma" })).users)).toEqual([chidi.id]);
    expect(idsOf((await listUsers(db, { search: "OKAF" })).users)).toEqual([chidi.id]);
    expect(idsOf((await listUsers(db, { search: "lagosMAIL" })).users)).toEqual([chidi.id]);
    expect(idsOf((await listUsers(db, { search: "emeka.eze@ABUJA" })).users)).toEqual([emeka.id]);
    // Leading and trailing spaces are ignored.
    expect(idsOf((await listUsers(db, { search: "   emeka eze  " })).users)).toEqual([emeka.id]);
    expect((await listUsers(db, { search: "no-such-person-anywhere" })).users).toEqual([]);
  });

  it("finds a referral code or display ID only when given exactly (in any case)", async () => {
    const target = await createUser(db, { name: "Code Holder" });
    for (const search of [
      target.referralCode,
      target.referralCode.toLowerCase(),
      target.displayId,
      target.displayId.toLowerCase(),
    ]) {
      expect(idsOf((await listUsers(db, { search })).users), search).toEqual([target.id]);
    }
    // Part of a code is not a match (unless it happens to appear in a name or email).
    const part = target.referralCode.slice(0, 6);
    const partial = await listUsers(db, { search: part });
    expect(idsOf(partial.users)).not.toContain(target.id);
    const idPart = target.displayId.slice(1);
    expect(idsOf((await listUsers(db, { search: idPart })).users)).not.toContain(target.id);
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    const percent = await createUser(db, { name: "Promo 50% Off" });
    const underscore = await createUser(db, { name: "Under_score Ade" });
    const backslash = await createUser(db, { name: "Back\\slash Bisi" });
    await createUser(db, { name: "Promo 500 Naira" });
    await createUser(db, { name: "UnderXscore Ola" });

    expect(idsOf((await listUsers(db, { search: "50%" })).users)).toEqual([percent.id]);
    expect(idsOf((await listUsers(db, { search: "under_" })).users)).toEqual([underscore.id]);
    expect(idsOf((await listUsers(db, { search: "back\\s" })).users)).toEqual([backslash.id]);
    // A bare wildcard matches only names or emails that contain it.
    expect(idsOf((await listUsers(db, { search: "%" })).users)).toEqual([percent.id]);
    expect((await listUsers(db, { search: "%" })).counts.all).toBe(1);
    // Generated emails may hold "_", so a bare "_" is checked by what it returns: only rows that
    // really contain an underscore, never every member.
    const bare = await listUsers(db, { search: "_" });
    expect(idsOf(bare.users)).toContain(underscore.id);
    expect(bare.users.every((u) => u.name.includes("_") || u.email.includes("_"))).toBe(true);
    expect(bare.counts.all).toBeLessThan((await listUsers(db)).counts.all);
  });

  it("filters all/pending/approved/restricted, with counts that follow the search", async () => {
    const tag = "Filtertag";
    const p1 = await createUser(db, { name: `${tag} Pending One`, isApproved: false });
    const p2 = await createUser(db, { name: `${tag} Pending Two`, isApproved: false });
    const a1 = await createUser(db, { name: `${tag} Approved One`, isApproved: true });
    const r1 = await createUser(db, { name: `${tag} Restricted Pending`, isApproved: false, isRestricted: true });
    const r2 = await createUser(db, { name: `${tag} Restricted Approved`, isApproved: true, isRestricted: true });
    // Outside the search: must not count.
    await createUser(db, { name: "Unrelated Pending", isApproved: false });

    const expected = {
      all: [p1, p2, a1, r1, r2],
      pending: [p1, p2],
      approved: [a1],
      restricted: [r1, r2],
    } as const;
    for (const filter of ["all", "pending", "approved", "restricted"] as const) {
      const result = await listUsers(db, { search: tag, filter });
      expect(new Set(idsOf(result.users)), filter).toEqual(new Set(idsOf([...expected[filter]])));
      expect(result.counts).toEqual({ all: 5, pending: 2, approved: 1, restricted: 2 });
    }
    // Narrower search, narrower counts.
    expect((await listUsers(db, { search: `${tag} Restricted`, filter: "pending" })).counts).toEqual({
      all: 2,
      pending: 0,
      approved: 0,
      restricted: 2,
    });
    expect((await listUsers(db, { search: `${tag} Restricted`, filter: "pending" })).users).toEqual([]);
  });

  it("counts without a search cover every member, and match the filtered lists", async () => {
    const { counts } = await listUsers(db);
    const members = await db.select().from(users).where(eq(users.role, "user"));
    expect(counts).toEqual({
      all: members.length,
      pending: members.filter((m) => !m.isApproved && !m.isRestricted).length,
      approved: members.filter((m) => m.isApproved && !m.isRestricted).length,
      restricted: members.filter((m) => m.isRestricted).length,
    });
    expect(counts.pending + counts.approved + counts.restricted).toBe(counts.all);
  });

  it("counts without a search follow approvals, restrictions and new members (kept counters, not a count)", async () => {
    const countTable = async () => {
      const members = await db.select().from(users).where(eq(users.role, "user"));
      return {
        all: members.length,
        pending: members.filter((m) => !m.isApproved && !m.isRestricted).length,
        approved: members.filter((m) => m.isApproved && !m.isRestricted).length,
        restricted: members.filter((m) => m.isRestricted).length,
      };
    };
    const waiting = await createUser(db, { name: "Counter Waiting", isApproved: false });
    const active = await createUser(db, { name: "Counter Active", isApproved: true });
    const before = (await listUsers(db)).counts;
    expect(before).toEqual(await countTable());
    await db.update(users).set({ isApproved: true }).where(eq(users.id, waiting.id));
    await db.update(users).set({ isRestricted: true }).where(eq(users.id, active.id));
    await createUser(db, { name: "Counter Newcomer", isApproved: false });
    const after = (await listUsers(db)).counts;
    expect(after).toEqual(await countTable());
    expect(after).toEqual({
      all: before.all + 1,
      pending: before.pending,
      approved: before.approved,
      restricted: before.restricted + 1,
    });
    const restricted = await listUsers(db, { filter: "restricted" });
    expect(idsOf(restricted.users)).toContain(active.id);
    expect(restricted.total).toBe(after.restricted);
  });

  it("pages 50 at a time, newest first, with the page count and no repeats", async () => {
    expect(USERS_PAGE_SIZE).toBe(50);
    const tag = "Pagetag";
    const made: string[] = [];
    const base = new Date("2031-01-01T00:00:00Z").getTime();
    for (let i = 0; i < 2 * USERS_PAGE_SIZE + 3; i++) {
      const u = await createUser(db, { name: `${tag} ${String(i).padStart(3, "0")}`, isApproved: i < USERS_PAGE_SIZE });
      await setCreatedAt(u.id, new Date(base + i * 60_000));
      made.push(u.id);
    }
    const newestFirst = [...made].reverse();

    const p1 = await listUsers(db, { search: tag });
    const p2 = await listUsers(db, { search: tag, page: 2 });
    const p3 = await listUsers(db, { search: tag, page: 3 });
    const p4 = await listUsers(db, { search: tag, page: 4 });
    expect(idsOf(p1.users)).toEqual(newestFirst.slice(0, 50));
    expect(idsOf(p2.users)).toEqual(newestFirst.slice(50, 100));
    expect(idsOf(p3.users)).toEqual(newestFirst.slice(100));
    // A page beyond the last is the last.
    expect(idsOf(p4.users)).toEqual(idsOf(p3.users));
    expect([p1.page, p2.page, p3.page, p4.page]).toEqual([1, 2, 3, 3]);
    expect(p1).toMatchObject({ pageCount: 3, total: 103 });
    // Counts are for the whole result, not the page.
    expect(p3.counts).toEqual({ all: 103, pending: 53, approved: 50, restricted: 0 });

    // Exactly one full page: one page.
    const approvedOnly = await listUsers(db, { search: tag, filter: "approved" });
    expect(idsOf(approvedOnly.users)).toEqual(made.slice(0, 50).reverse());
    expect(approvedOnly.pageCount).toBe(1);
    expect((await listUsers(db, { search: tag, filter: "approved", page: 2 })).page).toBe(1);
    // A filtered list pages too.
    const pendingOnly = await listUsers(db, { search: tag, filter: "pending" });
    expect(pendingOnly.users).toHaveLength(50);
    expect(pendingOnly.pageCount).toBe(2);
    const pendingPage2 = await listUsers(db, { search: tag, filter: "pending", page: 2 });
    expect(idsOf(pendingPage2.users)).toEqual(made.slice(50, 53).reverse());
    expect(pendingPage2.page).toBe(2);

    expect((await listUsers(db, { search: tag, page: 0 })).page).toBe(1);
    expect((await listUsers(db, { search: tag, page: -3 })).users).toEqual(p1.users);
  });

  it("newest first without a search too", async () => {
    const older = await createUser(db, { name: "Order Older" });
    const newer = await createUser(db, { name: "Order Newer" });
    await setCreatedAt(older.id, new Date("2040-01-01T00:00:00Z"));
    await setCreatedAt(newer.id, new Date("2040-01-02T00:00:00Z"));
    const first = (await listUsers(db)).users.slice(0, 2);
    expect(idsOf(first)).toEqual([newer.id, older.id]);
    await db
      .update(users)
      .set({ createdAt: new Date() })
      .where(inArray(users.id, [older.id, newer.id]));
  });
});

describe("userStats", () => {
  it("counts members and pending members only", async () => {
    const before = await userStats(db);
    await createUser(db, { isApproved: false });
    await createUser(db, { isApproved: false });
    await createUser(db, { isApproved: true });
    await createUser(db, { isApproved: false, isRestricted: true });
    await createUser(db, { role: "admin", isApproved: false });
    await createUser(db, { role: "admin" });
    const after = await userStats(db);
    expect(after.totalUsers - before.totalUsers).toBe(4);
    expect(after.pendingApproval - before.pendingApproval).toBe(2);

    const members = await db.select().from(users).where(eq(users.role, "user"));
    expect(after).toEqual({
      totalUsers: members.length,
      pendingApproval: members.filter((m) => !m.isApproved && !m.isRestricted).length,
    });
    expect(typeof after.totalUsers).toBe("number");
    expect(typeof after.pendingApproval).toBe("number");
  });
});
