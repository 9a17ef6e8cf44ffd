import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { pageText, startTestApp, type TestApp } from "../support/app";
import { createUser } from "../support/factories";
import { signInSuperAdmin } from "../support/sign-in";

const SUPER_ADMIN = { email: "root.refusals@adnaira.test", password: "refusals-test-super-admin-pw" };
const PASSWORD = "kola-nut-evening-breeze";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN.email, SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password },
  });
});
afterAll(async () => app?.close());

describe("the Super Admin page's refusals", () => {
  it("creating an admin: a taken email and a common password are refused with their texts, and nothing is written", async () => {
    const { client } = await signInSuperAdmin(app, SUPER_ADMIN);
    const taken = await createUser(app.services.db, { email: "taken.by.member@example.ng" });
    const before = await app.services.db.$count(users);

    const dup = await client.post("/superadmin", {
      intent: "create-admin",
      name: "Dup",
      email: taken.email,
      password: PASSWORD,
      permissions: "view_reports",
    });
    expect(dup.status).toBe(400);
    expect(pageText(dup.body)).toContain("An account with this email already exists.");

    const weak = await client.post("/superadmin", {
      intent: "create-admin",
      name: "Weak",
      email: "weak.admin@example.ng",
      password: "password123",
      permissions: "view_reports",
    });
    expect(weak.status).toBe(400);
    expect(pageText(weak.body)).toContain("This password is too common. Choose one that is harder to guess.");

    expect(await app.services.db.$count(users)).toBe(before);
  });

  it("deactivating oneself or an unknown admin, and changing an unknown admin's permissions, are 409s with their texts", async () => {
    const { client } = await signInSuperAdmin(app, SUPER_ADMIN);
    const [root] = await app.services.db.select({ id: users.id }).from(users).where(eq(users.email, SUPER_ADMIN.email));

    const self = await client.post("/superadmin", { intent: "deactivate", adminId: root!.id });
    expect(self.status).toBe(409);
    expect(self.body).toContain("You cannot deactivate your own account.");

    const gone = await client.post("/superadmin", { intent: "deactivate", adminId: "no-such-admin" });
    expect(gone.status).toBe(409);
    expect(gone.body).toContain("That admin does not exist or is already deactivated.");

    const unknown = await client.post("/superadmin", {
      intent: "set-permissions",
      adminId: "no-such-admin",
      permissions: "view_reports",
    });
    expect(unknown.status).toBe(409);
    expect(unknown.body).toContain("That admin does not exist or is no longer active.");
  });
});
