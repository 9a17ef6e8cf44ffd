import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "~/db/schema";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { transfer } from "~/domain/ledger/transfer.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { newId } from "~/domain/shared/ids";
import { formatKobo } from "~/domain/shared/money";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { createUser, creditUser } from "~test/factories";
import { backdatedTransfers, expectLedgerReconciled } from "~test/ledger";
import { signInAdmin } from "~test/sign-in";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const stateOf = async (id: string) => {
  const [row] = await app.services.db
    .select({ isApproved: users.isApproved, isRestricted: users.isRestricted })
    .from(users)
    .where(eq(users.id, id));
  return row;
};

describe("Manage Users", () => {
  it("lists only members, with search, filters and counts", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const pending = await createUser(app.services.db, { name: "Chioma Pending", isApproved: false });
    await createUser(app.services.db, { name: "Chioma Approved", isApproved: true });
    await createUser(app.services.db, { name: "Chioma Restricted", isApproved: true, isRestricted: true });

    const all = pageText((await client.get("/admin/users?q=chioma")).body);
    expect(all).toContain("All (3)");
    expect(all).toContain("Pending Approval (1)");
    expect(all).toContain("Approved (1)");
    expect(all).toContain("Restricted (1)");
    expect(all).not.toContain(admin.email); // admins are not members

    const onlyPending = await client.get("/admin/users?q=chioma&filter=pending");
    expect(onlyPending.status).toBe(200);
    const text = pageText(onlyPending.body);
    expect(text).toContain("Chioma Pending");
    expect(text).not.toContain("Chioma Approved");

    const byCode = pageText((await client.get(`/admin/users?q=${pending.referralCode.toLowerCase()}`)).body);
    expect(byCode).toContain("Chioma Pending");
    expect(byCode).toContain("All (1)");
  });

  it("shows each member's Earnings, as their dashboard's Total Earnings, in the table and the cards", async () => {
    const { client } = await signInAdmin(app);
    const db = app.services.db;
    const advertsAndReferral = await createUser(db, { name: "Earnings Ada", isApproved: true });
    const overYears = await createUser(db, { name: "Earnings Bola", isApproved: true });
    const none = await createUser(db, { name: "Earnings Chidi", isApproved: true });
    await creditUser(db, advertsAndReferral.id, 12_34n);
    await creditUser(db, advertsAndReferral.id, 1_000_000_00n);
    await transfer(db, {
      from: { platform: "referral_rewards" },
      to: { userId: advertsAndReferral.id, kind: "available" },
      amountKobo: 200_00n,
      kind: "referral_reward",
      idempotencyKey: `test-referral:${newId()}`,
    });
    // Money moved on still counts as earned; money that is not a reward does not.
    await transfer(db, {
      from: { userId: advertsAndReferral.id, kind: "available" },
      to: { userId: advertsAndReferral.id, kind: "held" },
      amountKobo: 500_00n,
      kind: "withdrawal_hold",
      idempotencyKey: `test-hold:${newId()}`,
    });
    await backdatedTransfers(db, [
      [overYears.id, 5_00n, "2024-02-02T10:00:00Z"],
      [overYears.id, 7_50n, "2025-11-11T10:00:00Z", "referral_reward"],
    ]);
    await expectLedgerReconciled(db);

    const html = (await client.get("/admin/users?q=earnings")).body;
    expect(pageText(html)).toContain("Earnings Joined Status"); // the table's column, in the spec's place
    const shown = (view: "row" | "card", email: string) =>
      new RegExp(`data-testid="user-${view}-${email}"[\\s\\S]*?data-testid="user-earnings">([^<]*)<`).exec(html)?.[1];
    const expected = [
      [advertsAndReferral, "₦1,000,212.34"],
      [overYears, "₦12.50"],
      [none, "₦0.00"],
    ] as const;
    for (const [member, text] of expected) {
      // The ledger's own sum (earnedTotals, what the member's dashboard shows) agrees.
      expect(formatKobo((await earnedTotals(db, member.id)).totalKobo)).toBe(text);
      expect(shown("row", member.email)).toBe(text);
      expect(shown("card", member.email)).toBe(text);
    }
  });

  it("approves a pending member once, audits it and emails them", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const member = await createUser(app.services.db, { name: "Kelechi Wait", isApproved: false });
    const res = await client.post("/admin/users", { intent: "approve", userId: member.id });
    expect(res.status).toBe(200);
    expect(res.body).toContain("User Approved");
    expect(await stateOf(member.id)).toEqual({ isApproved: true, isRestricted: false });

    const again = await client.post("/admin/users", { intent: "approve", userId: member.id });
    expect(again.status).toBe(409);
    expect(again.body).toContain("Approval Failed");
    expect(again.body).toContain("Could not approve user.");

    const rows = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.id), eq(auditLog.action, "user.approve")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(admin.id);
    expect(rows[0]!.ip).toBe("127.0.0.1");
    expect((await emailsTo(app.services.db, member.email)).map((m) => m.subject)).toContain(
      "Your AdNaira account is approved",
    );
  });

  it("restricting ends the member's open session; the next login says they are restricted; unrestrict lets them back", async () => {
    const { client } = await signInAdmin(app);
    const member = await createUser(app.services.db, { name: "Ngozi Live", isApproved: true });
    const memberClient = app.client();
    await memberClient.login(member.email, member.password);
    expect((await memberClient.get("/dashboard")).status).toBe(200);

    const res = await client.post("/admin/users", { intent: "restrict", userId: member.id });
    expect(res.status).toBe(200);
    expect(res.body).toContain("User Restricted");

    const kicked = await memberClient.get("/dashboard");
    expect(kicked.status).toBe(302);
    expect(kicked.location).toBe("/login");
    const login = await app.client().post("/login", { email: member.email, password: member.password });
    expect(pageText(login.body)).toContain("Your account is restricted.");

    const back = await client.post("/admin/users", { intent: "unrestrict", userId: member.id });
    expect(back.body).toContain("User Unrestricted");
    expect(await stateOf(member.id)).toEqual({ isApproved: true, isRestricted: false });
    await app.client().login(member.email, member.password);
  });

  it("refuses to moderate an admin, and refuses admins without manage_users", async () => {
    const { client } = await signInAdmin(app);
    const otherAdmin = await createUser(app.services.db, { role: "admin" });
    const res = await client.post("/admin/users", { intent: "restrict", userId: otherAdmin.id });
    expect(res.status).toBe(409);
    expect(await stateOf(otherAdmin.id)).toEqual({ isApproved: true, isRestricted: false });

    const member = await createUser(app.services.db, { isApproved: false });
    const { client: weak } = await signInAdmin(app, ["manage_adverts"]);
    const denied = await weak.post("/admin/users", { intent: "approve", userId: member.id });
    expect(denied.status).toBe(403);
    expect(pageText(denied.body)).toContain("Access Denied. You do not have permission to manage users.");
    expect(await stateOf(member.id)).toEqual({ isApproved: false, isRestricted: false });
  });

  it("answers a malformed action with 400 and changes nothing", async () => {
    const { client } = await signInAdmin(app);
    const res = await client.post("/admin/users", { intent: "delete-everyone", userId: "x" });
    expect(res.status).toBe(400);
  });
});

describe("Admin dashboard", () => {
  it("shows member figures only to admins holding manage_users", async () => {
    await createUser(app.services.db, { isApproved: false });
    const { client } = await signInAdmin(app);
    const text = pageText((await client.get("/admin")).body);
    expect(text).toContain("Total Users");
    expect(text).toContain("Pending Approval");
    expect(text).toContain("Manage Users");

    const { client: weak } = await signInAdmin(app, ["manage_adverts"]);
    const weakText = pageText((await weak.get("/admin")).body);
    expect(weakText).not.toContain("Total Users");
    expect(weakText).not.toContain("Manage Users");
    expect(weakText).toContain("Manage Adverts");
  });

  it("counts members by state", async () => {
    const { client } = await signInAdmin(app);
    const before = (await client.get("/admin")).body;
    const pendingBefore = Number(/data-testid="stat-Pending Approval">(\d[\d,]*)</.exec(before)![1]!.replace(/,/g, ""));
    await createUser(app.services.db, { isApproved: false });
    const after = (await client.get("/admin")).body;
    const pendingAfter = Number(/data-testid="stat-Pending Approval">(\d[\d,]*)</.exec(after)![1]!.replace(/,/g, ""));
    expect(pendingAfter).toBe(pendingBefore + 1);
  });
});
