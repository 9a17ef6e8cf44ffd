import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { emailsTo } from "~/domain/mail/outbox.server";
import { createSession, findSessionUser } from "~/domain/sessions/sessions.server";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { updateProfileName } from "./update-profile.server";

const { db } = await openTestDatabase();

const row = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

describe("updateProfileName", () => {
  it("changes the name and nothing else, for that person only", async () => {
    const user = await createUser(db, { name: "Old Name", isApproved: true, permissions: [] });
    const bystander = await createUser(db, { name: "Bystander" });
    const token = await createSession(db, user.id);
    const before = await row(user.id);
    const bystanderBefore = await row(bystander.id);

    await updateProfileName(db, user.id, "Adaeze Nwosu");

    const after = await row(user.id);
    expect(after.name).toBe("Adaeze Nwosu");
    const { name: _n, updatedAt: _u, nameChangedAt, ...restAfter } = after;
    const { name: _n2, updatedAt: _u2, nameChangedAt: _c, ...restBefore } = before;
    expect(restAfter).toEqual(restBefore);
    // Dated: automatic payouts wait a while after a change of the name the bank's is compared with.
    expect(nameChangedAt).toBeInstanceOf(Date);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());

    expect(await row(bystander.id)).toEqual(bystanderBefore);
    // The session shows the new name on the next request.
    expect(await findSessionUser(db, token)).toMatchObject({ id: user.id, name: "Adaeze Nwosu" });
  });

  it("mails a member the change with the link that freezes payouts; the same name again changes nothing", async () => {
    const user = await createUser(db, { name: "Chinedu Eze", isApproved: true });
    await updateProfileName(db, user.id, "Musa Ibrahim");
    const mails = await emailsTo(db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your AdNaira name was changed");
    expect(mails[0]!.textBody).toContain('from "Chinedu Eze" to "Musa Ibrahim"');
    expect(mails[0]!.textBody).toContain("{app}/payouts/freeze");
    const changedAt = (await row(user.id)).nameChangedAt;
    await updateProfileName(db, user.id, "Musa Ibrahim");
    expect(await emailsTo(db, user.email)).toHaveLength(1);
    expect((await row(user.id)).nameChangedAt).toEqual(changedAt);
  });

  it("does not touch an admin's role or permissions", async () => {
    const admin = await createUser(db, { role: "admin", permissions: ["manage_users"] });
    await updateProfileName(db, admin.id, "Renamed Admin");
    expect(await row(admin.id)).toMatchObject({ name: "Renamed Admin", role: "admin", permissions: ["manage_users"] });
  });

  it("an unknown id changes nobody", async () => {
    const all = await db.select({ id: users.id, name: users.name }).from(users);
    await updateProfileName(db, "no-such-user", "Nobody");
    expect(await db.select({ id: users.id, name: users.name }).from(users)).toEqual(expect.arrayContaining(all));
    expect((await db.select().from(users).where(eq(users.name, "Nobody"))).length).toBe(0);
  });
});
