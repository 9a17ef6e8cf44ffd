import { and, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { bankByCode } from "~/domain/banks/nigerian-banks";
import { DISPLAY_ID_ALPHABET } from "~/domain/shared/ids";
import { TEST_BANK_CODE } from "~test/bank-accounts";
import { openTestDatabase, usingPostgres } from "~test/database";
import { formKey, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import {
  exportNewPayouts,
  isPayoutBatch,
  payoutExportCounts,
  reexportPayoutBatch,
  type PayoutFile,
} from "./payout-export.server";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";

const HEADER = "name,bank,bank_code,account_number,net_amount,reference";

const { db } = await openTestDatabase({ poolSize: 12 });
let admin: Actor;
beforeAll(async () => {
  admin = await withdrawalAdmin(db);
  await setWithdrawalSettings(db, { minKobo: 100n, maxKobo: 10_000_000n, feeBps: 200 });
});

/** Each test starts with no processing withdrawal outside a payout file (earlier tests' are paid). */
beforeEach(async () => {
  const open = await db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.status, "processing"));
  for (const w of open) await completeWithdrawal(db, admin, w.id);
});

async function ask(userId: string, amountKobo: bigint) {
  const r = await requestWithdrawal(db, { userId, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(`ask: ${r.status}`);
  return r.withdrawal;
}

/** n processing withdrawals of ₦10.00 (one member each). */
async function processing(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const member = await payee(db, { balanceKobo: 1_000n });
    const w = await ask(member.id, 1_000n);
    expect((await startProcessing(db, admin, w.id)).status).toBe("ok");
    out.push(w);
  }
  return out;
}

const fileOf = (result: Awaited<ReturnType<typeof exportNewPayouts>>): PayoutFile => {
  if (result.status !== "ok") throw new Error(`export: ${result.status}`);
  return result.file;
};

const lastAudit = async (action: "withdrawal.export_payouts" | "withdrawal.reexport_payouts") => {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
};

describe("exportNewPayouts", () => {
  it("is 'nothing-new' (no batch, no audit) when no processing withdrawal is outside a payout file", async () => {
    const auditsBefore = await db.$count(auditLog, eq(auditLog.action, "withdrawal.export_payouts"));
    expect(await exportNewPayouts(db, admin)).toEqual({ status: "nothing-new" });
    expect(await db.$count(auditLog, eq(auditLog.action, "withdrawal.export_payouts"))).toBe(auditsBefore);
    expect(await payoutExportCounts(db)).toEqual({ unexported: 0, exported: 0 });
  });

  it("claims exactly the processing withdrawals into a new batch, in the order processing started, with the net amount", async () => {
    const bankName = bankByCode(TEST_BANK_CODE)!.name;
    const ada = await payee(db, {
      balanceKobo: 1_000_000n,
      bank: { accountHolderName: "Adaeze Okafor", accountNumber: "0123456789" },
    });
    const hostile = await payee(db, {
      balanceKobo: 100_000n,
      bank: { accountHolderName: '=HYPERLINK("https://evil.example","Click")', accountNumber: "0000012345" },
    });
    const comma = await payee(db, {
      balanceKobo: 100_000n,
      bank: { accountHolderName: "Okafor, Chidi", accountNumber: "1234567890" },
    });

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
    expect(await payoutExportCounts(db)).toEqual({ unexported: 3, exported: 0 });

    const before = Date.now();
    const file = fileOf(await exportNewPayouts(db, admin));
    expect(file.batch).toMatch(new RegExp(`^PB[${DISPLAY_ID_ALPHABET}]{8}$`));
    expect(isPayoutBatch(file.batch)).toBe(true);
    expect(file.exportedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(file.references).toEqual([evil.reference, big.reference, quoted.reference]);
    expect(file.csv.split("\r\n")).toEqual([
      HEADER,
      `"'=HYPERLINK(""https://evil.example"",""Click"")",${bankName},${TEST_BANK_CODE},0000012345,98.00,${evil.reference}`,
      `Adaeze Okafor,${bankName},${TEST_BANK_CODE},0123456789,1209.81,${big.reference}`,
      `"Okafor, Chidi",${bankName},${TEST_BANK_CODE},1234567890,0.98,${quoted.reference}`,
      "",
    ]);
    for (const ref of [pendingOnly, rejected, completed].map((w) => w.reference)) expect(file.csv).not.toContain(ref);

    const stamped = await db
      .select({
        reference: withdrawals.reference,
        payoutBatch: withdrawals.payoutBatch,
        exportedAt: withdrawals.exportedAt,
      })
      .from(withdrawals)
      .where(inArray(withdrawals.id, [evil.id, big.id, quoted.id, pendingOnly.id, completed.id]));
    for (const row of stamped) {
      const inFile = file.references.includes(row.reference);
      expect(row.payoutBatch).toBe(inFile ? file.batch : null);
      expect(row.exportedAt?.getTime() ?? null).toBe(inFile ? file.exportedAt.getTime() : null);
    }
    expect(await lastAudit("withdrawal.export_payouts")).toMatchObject({
      actorId: admin.id,
      targetType: "withdrawal",
      after: { batch: file.batch, count: 3, references: [evil.reference, big.reference, quoted.reference] },
    });
    expect(await payoutExportCounts(db)).toEqual({ unexported: 0, exported: 3 });
    await expectBooksBalanced(db);
  });

  it("a second download does not repeat rows: it holds only what started processing since", async () => {
    const [a, b] = await processing(2);
    const first = fileOf(await exportNewPayouts(db, admin));
    expect(first.references).toEqual([a!.reference, b!.reference]);

    expect(await exportNewPayouts(db, admin)).toEqual({ status: "nothing-new" });

    const [c] = await processing(1);
    const second = fileOf(await exportNewPayouts(db, admin));
    expect(second.batch).not.toBe(first.batch);
    expect(second.references).toEqual([c!.reference]);
    expect(second.csv).not.toContain(a!.reference);
    expect(second.csv).not.toContain(b!.reference);

    // Completing keeps the batch (the withdrawal was paid from that file).
    await completeWithdrawal(db, admin, a!.id);
    const [paid] = await db
      .select({ payoutBatch: withdrawals.payoutBatch })
      .from(withdrawals)
      .where(eq(withdrawals.id, a!.id));
    expect(paid!.payoutBatch).toBe(first.batch);
    await expectBooksBalanced(db);
  });

  it("refuses an actor without manage_withdrawals, claiming nothing", async () => {
    await processing(1);
    const weak = await withdrawalAdmin(db, ["manage_users"]);
    expect(await exportNewPayouts(db, weak)).toEqual({ status: "forbidden" });
    expect(await reexportPayoutBatch(db, weak, "PB23456789")).toEqual({ status: "forbidden" });
    expect(await payoutExportCounts(db)).toEqual({ unexported: 1, exported: 0 });
  });
});

describe("reexportPayoutBatch", () => {
  it("returns the same rows in the same order, even once some are completed, and is audited", async () => {
    const [a, b, c] = await processing(3);
    const original = fileOf(await exportNewPayouts(db, admin));
    await completeWithdrawal(db, admin, b!.id);
    const [later] = await processing(1); // in no batch: never part of the earlier file

    const again = await reexportPayoutBatch(db, admin, original.batch);
    expect(again).toEqual({ status: "ok", file: original });
    if (again.status !== "ok") return;
    expect(again.file.csv).not.toContain(later!.reference);
    expect(await lastAudit("withdrawal.reexport_payouts")).toMatchObject({
      actorId: admin.id,
      targetType: "withdrawal",
      after: {
        batch: original.batch,
        count: 3,
        references: [a!.reference, b!.reference, c!.reference],
        completed: [b!.reference],
        exportedAt: original.exportedAt.toISOString(),
      },
    });
    // Downloading again claims nothing: the new withdrawal is still waiting for the next file.
    expect(await payoutExportCounts(db)).toEqual({ unexported: 1, exported: 2 });
  });

  it("is 'not-found' for an unknown or malformed batch, without an audit row", async () => {
    const audits = () => db.$count(auditLog, eq(auditLog.action, "withdrawal.reexport_payouts"));
    const before = await audits();
    for (const batch of ["PB23456789", "PB2345678", "pb23456789", "W23456789", "", "PB0000000O"]) {
      expect(await reexportPayoutBatch(db, admin, batch)).toEqual({ status: "not-found" });
    }
    expect(await audits()).toBe(before);
  });
});

describe.runIf(usingPostgres())("concurrent downloads on PostgreSQL", () => {
  it("10 downloads at once over 50 processing withdrawals: every withdrawal is in exactly one file", async () => {
    const fifty = await processing(50);
    const admins = await Promise.all(Array.from({ length: 10 }, () => withdrawalAdmin(db)));
    const results = await Promise.all(admins.map((actor) => exportNewPayouts(db, actor)));

    const files = results.flatMap((r) => (r.status === "ok" ? [r.file] : []));
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(new Set(files.map((f) => f.batch)).size).toBe(files.length);
    const exported = files.flatMap((f) => f.references);
    expect(exported).toHaveLength(50);
    expect(new Set(exported)).toEqual(new Set(fifty.map((w) => w.reference)));
    // Each file's rows are the ones stamped with its batch, and the CSV has exactly those lines.
    for (const file of files) {
      expect(file.csv.split("\r\n")).toHaveLength(file.references.length + 2);
      const stamped = await db
        .select({ reference: withdrawals.reference })
        .from(withdrawals)
        .where(and(eq(withdrawals.payoutBatch, file.batch), eq(withdrawals.status, "processing")));
      expect(new Set(stamped.map((s) => s.reference))).toEqual(new Set(file.references));
    }
    // One audit row per non-empty download, together naming each withdrawal once.
    const audits = await db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "withdrawal.export_payouts"),
          inArray(
            auditLog.actorId,
            admins.map((a) => a.id),
          ),
        ),
      );
    expect(audits).toHaveLength(files.length);
    expect(audits.flatMap((a) => (a.after as { references: string[] }).references).sort()).toEqual(
      [...exported].sort(),
    );
    expect(await payoutExportCounts(db)).toEqual({ unexported: 0, exported: 50 });
  });
});
