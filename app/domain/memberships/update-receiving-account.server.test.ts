import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { appSettings, auditLog } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { getAppSettings } from "~/domain/settings/app-settings";
import { fieldErrors } from "~/lib/forms";
import { openTestDatabase } from "~test/database";
import { GTB, GTB_ACCOUNT, nuban, withWrongCheckDigit, ZENITH } from "~test/bank-accounts";
import { membershipAdmin } from "~test/factories";
import { receivingAccountOf } from "./receiving-account";
import { RECEIVING_ACCOUNT_MESSAGES, ReceivingAccountSchema } from "./receiving-account-validation";
import { updateReceivingAccount } from "./update-receiving-account.server";

const { db } = await openTestDatabase();

const saved = async () => receivingAccountOf(await getAppSettings(db));
/** The audit rows of this kind by `actorId` (the log is append-only: each test has its own admin). */
const audits = (actorId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "receiving_account.update"), eq(auditLog.actorId, actorId)));
const ZENITH_ACCOUNT = nuban(ZENITH, "101234567");

beforeEach(async () => {
  await db
    .update(appSettings)
    .set({ receivingBankCode: null, receivingAccountNumber: null, receivingAccountName: null })
    .where(eq(appSettings.id, 1));
});

describe("the receiving account form", () => {
  const errorsOf = (form: Record<string, string>) => {
    const parsed = ReceivingAccountSchema.safeParse(form);
    return parsed.success ? null : fieldErrors(parsed.error);
  };

  it("reads a listed bank, a NUBAN (spaces and dashes dropped) and the account's name", () => {
    expect(
      ReceivingAccountSchema.parse({
        bankCode: GTB,
        accountNumber: `${GTB_ACCOUNT.slice(0, 4)} ${GTB_ACCOUNT.slice(4, 7)}-${GTB_ACCOUNT.slice(7)}`,
        accountName: "  AdNaira   Technologies Ltd ",
      }),
    ).toEqual({ bankCode: GTB, accountNumber: GTB_ACCOUNT, accountName: "AdNaira Technologies Ltd" });
  });

  it("refuses every field's problem at once, with the members' bank-details messages", () => {
    expect(errorsOf({ bankCode: "", accountNumber: "123", accountName: "" })).toEqual({
      bankCode: "Choose your bank from the list.",
      accountNumber: "Account number must be exactly 10 digits.",
      accountName: RECEIVING_ACCOUNT_MESSAGES.nameRequired,
    });
    expect(
      errorsOf({ bankCode: GTB, accountNumber: withWrongCheckDigit(GTB_ACCOUNT), accountName: "AdNaira" }),
    ).toEqual({
      accountNumber: "This account number is not valid for the selected bank. Check the number and the bank.",
    });
    // The right number for another bank.
    expect(errorsOf({ bankCode: ZENITH, accountNumber: GTB_ACCOUNT, accountName: "AdNaira" })).toMatchObject({
      accountNumber: expect.stringContaining("not valid for the selected bank"),
    });
    expect(errorsOf({ bankCode: GTB, accountNumber: GTB_ACCOUNT, accountName: "12345" })).toEqual({
      accountName: RECEIVING_ACCOUNT_MESSAGES.nameNoLetters,
    });
    expect(errorsOf({ bankCode: GTB, accountNumber: GTB_ACCOUNT, accountName: "x".repeat(101) })).toEqual({
      accountName: RECEIVING_ACCOUNT_MESSAGES.nameTooLong,
    });
  });
});

describe("updateReceivingAccount", () => {
  it("sets the account (none before), audited; a change is audited with before and after", async () => {
    const admin = await membershipAdmin(db);
    expect(await saved()).toBeNull();
    const first = await updateReceivingAccount(db, admin, {
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
      accountName: "AdNaira Technologies Ltd",
    });
    expect(first).toMatchObject({ status: "ok", changed: true, account: { bankName: "Guaranty Trust Bank (GTBank)" } });
    expect(await saved()).toEqual({
      bankCode: GTB,
      bankName: "Guaranty Trust Bank (GTBank)",
      accountNumber: GTB_ACCOUNT,
      accountName: "AdNaira Technologies Ltd",
    });
    const again = await updateReceivingAccount(db, admin, {
      bankCode: ZENITH,
      accountNumber: ZENITH_ACCOUNT,
      accountName: "AdNaira Technologies Ltd",
    });
    expect(again).toMatchObject({ status: "ok", changed: true });
    const rows = await audits(admin.id);
    expect(rows).toHaveLength(2);
    const second = rows.find((r) => (r.after as { bankCode: string }).bankCode === ZENITH)!;
    expect(second).toMatchObject({
      actorId: admin.id,
      targetType: "settings",
      before: { bankCode: GTB, accountNumber: GTB_ACCOUNT },
      after: { bankCode: ZENITH, accountNumber: ZENITH_ACCOUNT, accountName: "AdNaira Technologies Ltd" },
    });
    // The same account again: nothing to record.
    expect(
      await updateReceivingAccount(db, admin, {
        bankCode: ZENITH,
        accountNumber: ZENITH_ACCOUNT,
        accountName: "AdNaira Technologies Ltd",
      }),
    ).toMatchObject({ status: "ok", changed: false });
    expect(await audits(admin.id)).toHaveLength(2);
  });

  it("refuses an admin without manage_memberships; the super admin may", async () => {
    const other = await membershipAdmin(
      db,
      PERMISSIONS.filter((p) => p !== "manage_memberships"),
    );
    const input = { bankCode: GTB, accountNumber: GTB_ACCOUNT, accountName: "AdNaira" };
    expect(await updateReceivingAccount(db, other, input)).toEqual({ status: "forbidden" });
    expect(await saved()).toBeNull();
    const root = await membershipAdmin(db, [], "super_admin");
    expect(await updateReceivingAccount(db, root, input)).toMatchObject({ status: "ok", changed: true });
  });

  it("checks the account again itself: a number that fails the NUBAN check changes nothing", async () => {
    const admin = await membershipAdmin(db);
    const result = await updateReceivingAccount(db, admin, {
      bankCode: GTB,
      accountNumber: withWrongCheckDigit(GTB_ACCOUNT),
      accountName: "AdNaira",
    });
    expect(result).toMatchObject({ status: "invalid", errors: { accountNumber: expect.any(String) } });
    expect(await saved()).toBeNull();
    expect(await audits(admin.id)).toEqual([]);
  });
});
