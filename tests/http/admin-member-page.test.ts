import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { moderateUser } from "~/domain/users/moderate-user.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { approvedAdvertiser, createUser, formKey, payee } from "~test/factories";
import { referredMember } from "~test/referrals";
import { signInAdmin } from "~test/sign-in";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const DENIED = "Access Denied. You do not have permission to manage users.";

describe("A member's page for admins (/admin/users/:userId)", () => {
  it("shows the profile, money, referrals, withdrawals and shared addresses; Manage Users links to it", async () => {
    const db = app.services.db;
    const { client } = await signInAdmin(app, ["manage_users"]);
    const referrer = await createUser(db, { name: "Kemi Referrer", isApproved: true });
    const member = await payee(db, { name: "Tunde Pagemember", balanceKobo: 300_000n });
    await db
      .update(users)
      .set({ referredById: referrer.id, signupIp: "41.184.7.7", recentLoginIps: ["41.184.7.8"] })
      .where(eq(users.id, member.id));
    const twin = await createUser(db, { name: "Same Wifi Sade" });
    await db.update(users).set({ signupIp: "41.184.7.8" }).where(eq(users.id, twin.id));
    await referredMember(db, member, { name: "Referred Remi" });
    const asked = await requestWithdrawal(db, { userId: member.id, amountKobo: 100_000n, idempotencyKey: formKey() });
    if (asked.status !== "ok") throw new Error(asked.status);

    const list = await client.get("/admin/users?q=pagemember");
    expect(list.body).toContain(`href="/admin/users/${member.id}"`);

    const res = await client.get(`/admin/users/${member.id}`);
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Tunde Pagemember");
    expect(text).toContain(member.displayId);
    expect(text).toContain(member.referralCode);
    expect(res.body).toContain(`href="/admin/users/${referrer.id}"`);
    expect(text).toContain("Available ₦2,000.00");
    expect(text).toContain("₦1,000.00"); // held for the withdrawal
    expect(text).toContain("Total earned ₦3,000.00");
    expect(text).toContain("Referred Remi");
    expect(text).toContain(asked.withdrawal.reference);
    expect(text).toContain("Shared with 1 other member");
    expect(res.body).toContain(`href="/admin/users/${twin.id}"`);
    expect(text).toContain("41.184.7.7");
    expect(text).toContain("Not shared");
  });

  it("shows an advertiser's page too: profile, money, statement and withdrawals, no referrals or upgrades", async () => {
    const { client } = await signInAdmin(app, ["manage_users"]);
    const advertiser = await approvedAdvertiser(app.services.db, { name: "Bisola Advertiser" });
    const res = await client.get(`/admin/users/${advertiser.id}`);
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Bisola Advertiser");
    expect(text).toContain("Back to Advertisers");
    expect(text).toContain("Statement");
    expect(text).toContain("Withdrawals");
    expect(text).not.toContain("Referrals made");
    expect(text).not.toContain("Restrict");
  });

  it("needs manage_users: an admin without it is refused", async () => {
    const member = await createUser(app.services.db, { name: "Guarded Gbenga" });
    const { client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_users"),
    );
    const res = await client.get(`/admin/users/${member.id}`);
    expect(res.status).toBe(403);
    expect(pageText(res.body)).toContain(DENIED);
    expect(pageText(res.body)).not.toContain("Guarded Gbenga");
  });

  it("is not found for an unknown id or a staff account", async () => {
    const { client } = await signInAdmin(app, ["manage_users"]);
    const other = await createUser(app.services.db, { role: "admin", name: "Staff Stella" });
    for (const id of ["NoSuchMemberId_000001", other.id]) {
      const res = await client.get(`/admin/users/${id}`);
      expect(res.status).toBe(404);
      expect(pageText(res.body)).not.toContain("Staff Stella");
    }
  });

  it("offers Approve and Restrict that post to Manage Users' action, and shows who changed the status", async () => {
    const db = app.services.db;
    const { client, user: admin } = await signInAdmin(app, ["manage_users"], { name: "Moderating Musa" });
    const member = await createUser(db, { name: "Pending Peace", isApproved: false });
    const before = pageText((await client.get(`/admin/users/${member.id}`)).body);
    expect(before).toContain("No status changes recorded yet.");
    expect(before).toContain("Approve");

    const approved = await client.post("/admin/users", { intent: "approve", userId: member.id });
    expect(approved.status).toBe(200);
    const after = pageText((await client.get(`/admin/users/${member.id}`)).body);
    expect(after).toContain("User approved");
    expect(after).toContain(`Moderating Musa ${admin.displayId}`);
    // The same change in the audit entries about them.
    expect(after).toContain("Audit entries about this account (1)");
  });

  it("shows the audit entries about the member with staff's addresses only to an admin who reads reports", async () => {
    const db = app.services.db;
    const member = await createUser(db, { name: "Audited Amaka" });
    const boss = await createUser(db, { role: "admin", name: "Restricting Rotimi" });
    const STAFF_IP = "102.89.77.31";
    const MEMBER_IP = "41.184.77.52";
    await recordAudit(db, {
      actor: { id: boss.id, role: "admin", permissions: boss.permissions, ip: STAFF_IP },
      action: "user.restrict",
      targetType: "user",
      targetId: member.id,
    });
    await recordAudit(db, {
      actor: { id: member.id, role: "user", permissions: [], ip: MEMBER_IP },
      action: "bank_details.update",
      targetType: "bank_details",
      targetId: member.id,
    });

    // Manage Users without View Reports: the member's own address, no admin's, not even in the page's data.
    const { client: moderator } = await signInAdmin(app, ["manage_users"]);
    const page = await moderator.get(`/admin/users/${member.id}`);
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Audit entries about this account (2)");
    expect(pageText(page.body)).toContain("Restricting Rotimi");
    expect(pageText(page.body)).toContain(MEMBER_IP);
    expect(page.body).not.toContain(STAFF_IP);

    // With View Reports too: every address, as on the audit log itself.
    const { client: auditor } = await signInAdmin(app, ["manage_users", "view_reports"]);
    expect(pageText((await auditor.get(`/admin/users/${member.id}`)).body)).toContain(STAFF_IP);
    expect(pageText((await auditor.get(`/admin/audit?actor=${boss.id}`)).body)).toContain(STAFF_IP);
  });

  it("is linked from every admin list that names a member: withdrawals, upgrade requests, referrals (both sides), the audit log", async () => {
    const db = app.services.db;
    const { client, user: boss } = await signInAdmin(app, [...PERMISSIONS]);
    const referrer = await payee(db, { name: "Linked Lola", balanceKobo: 300_000n });
    const referred = await referredMember(db, referrer, { name: "Linked Lanre", isApproved: true });
    const paid = await requestWithdrawal(db, { userId: referrer.id, amountKobo: 50_000n, idempotencyKey: formKey() });
    if (paid.status !== "ok") throw new Error(paid.status);
    const upgrade = await requestUpgrade(db, { userId: referrer.id, tierId: "bronze", method: "balance" });
    if (upgrade.status !== "ok") throw new Error(upgrade.status);
    const actor = { id: boss.id, role: boss.role, permissions: boss.permissions };
    await moderateUser(db, actor, referred.id, "restrict", app.services.config.appUrl);
    const link = (id: string) => `href="/admin/users/${id}"`;

    expect((await client.get(`/admin/withdrawals?q=${paid.withdrawal.reference}`)).body).toContain(link(referrer.id));
    expect((await client.get("/admin/memberships?q=linked")).body).toContain(link(referrer.id));
    const referralsPage = (await client.get("/admin/referrals?q=linked")).body;
    expect(referralsPage).toContain(link(referrer.id));
    expect(referralsPage).toContain(link(referred.id));
    // The audit log links the member an entry is about, never an admin (who has no such page).
    const audit = (await client.get(`/admin/audit?actor=${boss.id}`)).body;
    expect(audit).toContain(link(referred.id));
    expect(audit).not.toContain(link(boss.id));
  });

  it("names members without a link for an admin who may not open their pages (no manage_users)", async () => {
    const db = app.services.db;
    const { client, user: auditor } = await signInAdmin(app, ["manage_withdrawals", "view_reports"]);
    const member = await payee(db, { name: "Unlinked Uche", balanceKobo: 300_000n });
    const paid = await requestWithdrawal(db, { userId: member.id, amountKobo: 50_000n, idempotencyKey: formKey() });
    if (paid.status !== "ok") throw new Error(paid.status);
    const { user: boss } = await signInAdmin(app, [...PERMISSIONS]);
    await moderateUser(
      db,
      { id: boss.id, role: boss.role, permissions: boss.permissions },
      member.id,
      "restrict",
      app.services.config.appUrl,
    );

    const withdrawals = await client.get(`/admin/withdrawals?q=${paid.withdrawal.reference}`);
    expect(pageText(withdrawals.body)).toContain("Unlinked Uche");
    expect(withdrawals.body).not.toContain(`href="/admin/users/${member.id}"`);
    const audit = await client.get(`/admin/audit?actor=${boss.id}`);
    expect(pageText(audit.body)).toContain("Unlinked Uche");
    expect(audit.body).not.toContain("/admin/users/");
    expect(auditor.permissions).not.toContain("manage_users");
  });
});
