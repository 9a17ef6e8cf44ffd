import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, bankAccounts, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { foreignLinks } from "~/domain/mail/templates";
import { openTestDatabase, usingPostgres } from "~test/database";
import { GTB, GTB_ACCOUNT, nuban, withWrongCheckDigit } from "~test/bank-accounts";
import { createUser, TEST_PASSWORD } from "~test/factories";
import { getBankDetails, saveBankDetails } from "./bank-details.server";

const { db } = await openTestDatabase();

async function newMember() {
  const user = await createUser(db, { isApproved: true });
  const actor: Actor = { id: user.id, role: "user", permissions: [], ip: "105.112.4.9" };
  return { user, actor };
}

const storedRow = async (userId: string) =>
  (await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)))[0];
const auditRows = (userId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, "bank_details.update")))
    .orderBy(auditLog.createdAt);

describe("saveBankDetails", () => {
  it("saves valid details after the password check, audits them masked and tells the member by email", async () => {
    const { user, actor } = await newMember();
    expect(await getBankDetails(db, user.id)).toBeNull();

    const result = await saveBankDetails(db, {
      userId: user.id,
      actor,
      currentPassword: TEST_PASSWORD,
      accountHolderName: "  Chiamaka   Okafor ",
      bankCode: GTB,
      accountNumber: "0123 456 785",
    });
    const details = {
      accountHolderName: "Chiamaka Okafor",
      bankCode: GTB,
      bankName: "Guaranty Trust Bank (GTBank)",
      accountNumberMasked: "******6785",
      last4: "6785",
    };
    expect(result).toEqual({ status: "ok", changed: true, details });
    expect(await storedRow(user.id)).toMatchObject({
      accountHolderName: "Chiamaka Okafor",
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
    });
    expect(await getBankDetails(db, user.id)).toEqual(details);

    const [audit, ...more] = await auditRows(user.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorId: user.id,
      targetType: "bank_details",
      targetId: user.id,
      ip: "105.112.4.9",
      before: null,
      after: {
        accountHolderName: "Chiamaka Okafor",
        bankCode: GTB,
        bankName: "Guaranty Trust Bank (GTBank)",
        accountNumber: "******6785",
      },
    });
    expect(JSON.stringify(audit)).not.toContain(GTB_ACCOUNT);

    const [mail] = await emailsTo(db, user.email);
    expect(mail).toMatchObject({ subject: "Your AdNaira bank details were changed" });
    expect(mail!.textBody).toContain("******6785");
    expect(mail!.textBody).toContain("Guaranty Trust Bank (GTBank)");
    expect(mail!.textBody).not.toContain(GTB_ACCOUNT);
  });

  it("replaces the details, auditing before and after (masked)", async () => {
    const { user, actor } = await newMember();
    const base = { userId: user.id, actor, currentPassword: TEST_PASSWORD };
    await saveBankDetails(db, { ...base, accountHolderName: "Musa Bello", bankCode: GTB, accountNumber: GTB_ACCOUNT });
    const opay = await saveBankDetails(db, {
      ...base,
      accountHolderName: "Musa Bello",
      bankCode: "100004",
      accountNumber: "8031234567",
    });
    expect(opay).toMatchObject({
      status: "ok",
      changed: true,
      details: { bankName: "OPay", accountNumberMasked: "******4567" },
    });
    expect(await storedRow(user.id)).toMatchObject({ bankCode: "100004", accountNumber: "8031234567" });

    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      before: { bankCode: GTB, accountNumber: "******6785" },
      after: { bankCode: "100004", bankName: "OPay", accountNumber: "******4567" },
    });
    const trail = JSON.stringify(rows.map((r) => [r.before, r.after]));
    for (const full of [GTB_ACCOUNT, "8031234567", "80312", "01234"]) expect(trail).not.toContain(full);
  });

  it("the change mail never carries a link a member typed, so it is always delivered", async () => {
    const { user, actor } = await newMember();
    await db.update(users).set({ name: "Win big at www.prize-ng.com" }).where(eq(users.id, user.id));
    const holder = "Claim at prize-ng.com";
    expect(
      await saveBankDetails(db, {
        userId: user.id,
        actor,
        currentPassword: TEST_PASSWORD,
        accountHolderName: holder,
        bankCode: GTB,
        accountNumber: GTB_ACCOUNT,
      }),
    ).toMatchObject({ status: "ok" });
    const [mail] = await emailsTo(db, user.email);
    expect(mail!.textBody).toMatch(/^Hello,\n/);
    expect(mail!.textBody).not.toContain("prize-ng");
    expect(foreignLinks(mail!.textBody, new URL("http://localhost:3000"))).toEqual([]);
  });

  it("saving the same details again changes and records nothing", async () => {
    const { user, actor } = await newMember();
    const input = {
      userId: user.id,
      actor,
      currentPassword: TEST_PASSWORD,
      accountHolderName: "Ada Eze",
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
    };
    await saveBankDetails(db, input);
    const before = await storedRow(user.id);
    expect(await saveBankDetails(db, input)).toMatchObject({ status: "ok", changed: false });
    expect(await storedRow(user.id)).toEqual(before);
    expect(await auditRows(user.id)).toHaveLength(1);
    expect(await emailsTo(db, user.email)).toHaveLength(1);
  });

  it("refuses a wrong password and saves, audits and mails nothing", async () => {
    const { user, actor } = await newMember();
    const result = await saveBankDetails(db, {
      userId: user.id,
      actor,
      currentPassword: "not-my-password",
      accountHolderName: "Ada Eze",
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
    });
    expect(result).toEqual({ status: "wrong-password" });
    expect(await storedRow(user.id)).toBeUndefined();
    expect(await auditRows(user.id)).toEqual([]);
    expect(await emailsTo(db, user.email)).toEqual([]);
  });

  it("a wrong password leaves existing details as they were", async () => {
    const { user, actor } = await newMember();
    const base = { userId: user.id, actor, accountHolderName: "Ada Eze", bankCode: GTB, accountNumber: GTB_ACCOUNT };
    await saveBankDetails(db, { ...base, currentPassword: TEST_PASSWORD });
    const result = await saveBankDetails(db, {
      ...base,
      bankCode: "100004",
      accountNumber: "8031234567",
      currentPassword: "guess",
    });
    expect(result).toEqual({ status: "wrong-password" });
    expect(await storedRow(user.id)).toMatchObject({ bankCode: GTB, accountNumber: GTB_ACCOUNT });
  });

  it("refuses a wrong check digit with a clear message, before looking at the password", async () => {
    const { user, actor } = await newMember();
    const wrong = withWrongCheckDigit(GTB_ACCOUNT);
    const result = await saveBankDetails(db, {
      userId: user.id,
      actor,
      currentPassword: "wrong-too",
      accountHolderName: "Ada Eze",
      bankCode: GTB,
      accountNumber: wrong,
    });
    expect(result).toEqual({
      status: "invalid",
      errors: {
        accountNumber: "This account number is not valid for the selected bank. Check the number and the bank.",
      },
    });
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it("reports every field's problem at once", async () => {
    const { user, actor } = await newMember();
    expect(
      await saveBankDetails(db, {
        userId: user.id,
        actor,
        currentPassword: "",
        accountHolderName: "  ",
        bankCode: "999",
        accountNumber: "12345",
      }),
    ).toEqual({
      status: "invalid",
      errors: {
        accountHolderName: "Account holder name is required.",
        bankCode: "Choose your bank from the list.",
        accountNumber: "Account number must be exactly 10 digits.",
        currentPassword: "Current password is required.",
      },
    });
    expect(
      await saveBankDetails(db, {
        userId: user.id,
        actor,
        currentPassword: TEST_PASSWORD,
        accountHolderName: "12345",
        bankCode: "100004",
        accountNumber: "80312345678",
      }),
    ).toEqual({
      status: "invalid",
      errors: {
        accountHolderName: "Enter the name on the account as your bank shows it.",
        accountNumber: "Account number must be exactly 10 digits.",
      },
    });
    // Missing fields (a crafted POST) are refused the same way, never a crash.
    expect(
      await saveBankDetails(db, {
        userId: user.id,
        actor,
        currentPassword: undefined,
        accountHolderName: undefined,
        bankCode: undefined,
        accountNumber: undefined,
      }),
    ).toMatchObject({
      status: "invalid",
      errors: { accountHolderName: expect.any(String), bankCode: expect.any(String) },
    });
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it("accepts names with diacritics and common punctuation", async () => {
    const { user, actor } = await newMember();
    const result = await saveBankDetails(db, {
      userId: user.id,
      actor,
      currentPassword: TEST_PASSWORD,
      accountHolderName: "Ọláwálé Adébáyọ̀-O'Neil Jr.",
      bankCode: "090267",
      accountNumber: "2012345678",
    });
    expect(result).toMatchObject({
      status: "ok",
      details: { accountHolderName: "Ọláwálé Adébáyọ̀-O'Neil Jr.", bankName: "Kuda Microfinance Bank" },
    });
  });

  it("only the member changes their own details", async () => {
    const { user } = await newMember();
    const admin = await createUser(db, { role: "admin" });
    await expect(
      saveBankDetails(db, {
        userId: user.id,
        actor: { id: admin.id, role: "admin", permissions: admin.permissions },
        currentPassword: TEST_PASSWORD,
        accountHolderName: "Ada Eze",
        bankCode: GTB,
        accountNumber: GTB_ACCOUNT,
      }),
    ).rejects.toThrow(/own bank details/);
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it.runIf(usingPostgres())("concurrent saves leave one row and an audit trail whose befores chain", async () => {
    const { user, actor } = await newMember();
    const numbers = Array.from({ length: 6 }, (_, i) => nuban(GTB, `01234567${i}`));
    const results = await Promise.all(
      numbers.map((accountNumber) =>
        saveBankDetails(db, {
          userId: user.id,
          actor,
          currentPassword: TEST_PASSWORD,
          accountHolderName: "Ada Eze",
          bankCode: GTB,
          accountNumber,
        }),
      ),
    );
    expect(results.every((r) => r.status === "ok")).toBe(true);
    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(6);
    expect(rows[0]!.before).toBeNull();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before).toEqual(rows[i - 1]!.after);
    const last = rows.at(-1)!.after as { accountNumber: string };
    expect((await getBankDetails(db, user.id))!.accountNumberMasked).toBe(last.accountNumber);
  });
});

describe("getBankDetails", () => {
  it("names a bank that has left the list by its code", async () => {
    const { user } = await newMember();
    await db
      .insert(bankAccounts)
      .values({ userId: user.id, accountHolderName: "Old Account", bankCode: "030", accountNumber: "0123456789" });
    expect(await getBankDetails(db, user.id)).toEqual({
      accountHolderName: "Old Account",
      bankCode: "030",
      bankName: "Unknown bank (030)",
      accountNumberMasked: "******6789",
      last4: "6789",
    });
  });
});
