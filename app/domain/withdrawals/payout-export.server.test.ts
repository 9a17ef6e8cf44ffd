import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { bankByCode } from "~/domain/banks/nigerian-banks";
import { createTestDatabase } from "../../../tests/support/database";
import { processingPayoutsCsv } from "./payout-export.server";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";
import { expectBooksBalanced, formKey, payee, setWithdrawalSettings, TEST_BANK_CODE, withdrawalAdmin } from "./test-support.server";

let handle: DatabaseHandle;
let db: Database;
let admin: Actor;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  admin = await withdrawalAdmin(db);
  await setWithdrawalSettings(db, { minKobo: 100n, maxKobo: 10_000_000n, feeBps: 200 });
});
afterAll(async () => handle?.close());

async function ask(userId: string, amountKobo: bigint) {
  const r = await requestWithdrawal(db, { userId, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(`ask: ${r.status}`);
  return r.withdrawal;
}

describe("processingPayoutsCsv", () => {
  it("is only the header when nothing is being processed", async () => {
    expect(await processingPayoutsCsv(db, admin)).toBe("name,bank,bank_code,account_number,net_amount,reference\r\n");
  });

  it("lists exactly the processing withdrawals, in the order processing started, with the net amount", async () => {
    const bankName = bankByCode(TEST_BANK_CODE)!.name;
    const ada = await payee(db, {
      balanceKobo: 1_000_000n,
      bank: { accountHolderName: "Adaeze Okafor", accountNumber: "0123456789" },
    });
    const hostile = await payee(db, {
      balanceKobo: 100_000n,
      bank: { accountHolderName: '=HYPERLINK("https://evil.example","Click")', accountNumber: "0000012345" },
    });
    const comma = await payee(db, { balanceKobo: 100_000n, bank: { accountHolderName: "Okafor, Chidi", accountNumber: "1234567890" } });

    const big = await ask(ada.id, 123_450n); // ₦1,234.50 − 2% (₦24.69) = ₦1,209.81
    const pendingOnly = await ask(ada.id, 1_000n);
    const rejected = await ask(ada.id, 1_000n);
    const completed = await ask(ada.id, 1_000n);
    const evil = await ask(hostile.id, 10_000n);
    const quoted = await ask(comma.id, 100n); // fee 2 kobo → ₦0.98

    await startProcessing(db, admin, completed.id, new Date("2025-05-01T08:00:00Z"));
    await completeWithdrawal(db, admin, completed.id);
    await rejectWithdrawal(db, admin, rejected.id);
    await startProcessing(db, admin, evil.id, new Date("2025-05-01T09:00:00Z"));
    await startProcessing(db, admin, big.id, new Date("2025-05-01T09:01:00Z"));
    await startProcessing(db, admin, quoted.id, new Date("2025-05-01T09:02:00Z"));

    const csv = await processingPayoutsCsv(db, admin);
    expect(csv.split("\r\n")).toEqual([
      "name,bank,bank_code,account_number,net_amount,reference",
      `"'=HYPERLINK(""https://evil.example"",""Click"")",${bankName},${TEST_BANK_CODE},0000012345,98.00,${evil.reference}`,
      `Adaeze Okafor,${bankName},${TEST_BANK_CODE},0123456789,1209.81,${big.reference}`,
      `"Okafor, Chidi",${bankName},${TEST_BANK_CODE},1234567890,0.98,${quoted.reference}`,
      "",
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "withdrawal.export_payouts"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ actorId: admin.id, after: { count: 3, references: [evil.reference, big.reference, quoted.reference] } });
    expect(csv).not.toContain(pendingOnly.reference);
    expect(csv).not.toContain(rejected.reference);
    expect(csv).not.toContain(completed.reference);
    await expectBooksBalanced(db);
  });
});
