import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emails, ledgerTransfers, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { openTestDatabase } from "~test/database";
import { createUser, formKey, payee, type PayeeOptions, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced, ledgerRowCounts } from "~test/ledger";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";
import { auditRowsFor, onlyAuditRow } from "~test/audit";

const { db } = await openTestDatabase();
let admin: Actor;
let otherAdmin: Actor;
let root: Actor;
beforeAll(async () => {
  admin = await withdrawalAdmin(db);
  otherAdmin = await withdrawalAdmin(db, ["manage_withdrawals", "manage_users"]);
  const s = await createUser(db, { role: "super_admin", permissions: [] });
  root = { id: s.id, role: "super_admin", permissions: [], ip: "197.210.0.1" };
});
beforeEach(async () => setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 }));
afterEach(async () => expectBooksBalanced(db));

/** A member with ₦100 who has requested `amountKobo` (default ₦20.00, fee ₦0.40). */
async function pendingWithdrawal(amountKobo = 2_000n, bank?: PayeeOptions["bank"]) {
  const member = await payee(db, { balanceKobo: 10_000n, bank });
  const r = await requestWithdrawal(db, { userId: member.id, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(`pendingWithdrawal: ${r.status}`);
  return { member, withdrawal: r.withdrawal };
}

async function processingWithdrawal(amountKobo?: bigint, bank?: PayeeOptions["bank"]) {
  const w = await pendingWithdrawal(amountKobo, bank);
  expect(await startProcessing(db, admin, w.withdrawal.id)).toMatchObject({ status: "ok" });
  return w;
}

const rowOf = async (id: string) => (await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const auditOf = (id: string) => auditRowsFor(db, id);
const mailsTo = (address: string) =>
  db.select().from(emails).where(eq(emails.toAddress, address)).orderBy(emails.createdAt);
const transfersOf = (id: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `withdrawal:${id}:%`));

/** Runs `fn` and proves nothing changed: status, ledger, audit, mail. */
async function expectUnchanged(withdrawalId: string, fn: () => Promise<unknown>) {
  const snapshot = async () => ({
    row: await rowOf(withdrawalId),
    ledger: await ledgerRowCounts(db),
    audit: await db.$count(auditLog),
    mails: await db.$count(emails),
  });
  const before = await snapshot();
  const result = await fn();
  expect(await snapshot()).toEqual(before);
  return result;
}

describe("who may process withdrawals", () => {
  it("needs manage_withdrawals: an admin without it and a member are refused (forbidden), and nothing changes", async () => {
    const { withdrawal } = await pendingWithdrawal();
    const without = await createUser(db, {
      role: "admin",
      permissions: PERMISSIONS.filter((p) => p !== "manage_withdrawals"),
    });
    const member = await createUser(db, { isApproved: true, permissions: ["manage_withdrawals"] });
    for (const who of [without, member]) {
      const actor: Actor = { id: who.id, role: who.role, permissions: who.permissions };
      await expectUnchanged(withdrawal.id, async () => {
        expect(await startProcessing(db, actor, withdrawal.id)).toEqual({ status: "forbidden" });
        expect(await rejectWithdrawal(db, actor, withdrawal.id)).toEqual({ status: "forbidden" });
        expect(await completeWithdrawal(db, actor, withdrawal.id)).toEqual({ status: "forbidden" });
      });
    }
  });

  it("the super admin may, whatever their stored permission list", async () => {
    const { withdrawal } = await pendingWithdrawal();
    expect(await startProcessing(db, root, withdrawal.id)).toMatchObject({ status: "ok" });
    expect(await completeWithdrawal(db, root, withdrawal.id)).toMatchObject({ status: "ok" });
  });

  it("not-found for an unknown withdrawal", async () => {
    for (const fn of [startProcessing, rejectWithdrawal, completeWithdrawal]) {
      expect(await fn(db, admin, "no-such-withdrawal")).toEqual({ status: "not-found" });
    }
  });
});

describe("Start Processing (pending → processing)", () => {
  it("changes the status, stamps processingAt, audits and emails the member; no money moves", async () => {
    const { member, withdrawal } = await pendingWithdrawal();
    const at = new Date("2025-04-02T10:00:00Z");
    expect(await startProcessing(db, admin, withdrawal.id, at)).toEqual({
      status: "ok",
      withdrawal: { id: withdrawal.id, status: "processing", reference: withdrawal.reference, amountKobo: 2_000n },
    });
    expect(await rowOf(withdrawal.id)).toMatchObject({
      status: "processing",
      processingAt: at,
      processedAt: null,
      rejectedAt: null,
    });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
    expect((await transfersOf(withdrawal.id)).map((t) => t.kind)).toEqual(["withdrawal_hold"]);

    expect(await onlyAuditRow(db, withdrawal.id)).toMatchObject({
      actorId: admin.id,
      action: "withdrawal.start_processing",
      targetType: "withdrawal",
      before: { status: "pending" },
      after: expect.objectContaining({ status: "processing", reference: withdrawal.reference }),
      ip: admin.ip,
    });

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/being processed/i);
    expect(mails[0]!.textBody).toContain("₦20.00");
    expect(mails[0]!.textBody).toContain(withdrawal.reference);
  });

  it("only from pending: a second click, or on a rejected one, is a conflict naming the status", async () => {
    const { withdrawal } = await processingWithdrawal();
    await expectUnchanged(withdrawal.id, async () => {
      expect(await startProcessing(db, otherAdmin, withdrawal.id)).toEqual({
        status: "conflict",
        current: "processing",
      });
    });
    const rejected = await pendingWithdrawal();
    await rejectWithdrawal(db, admin, rejected.withdrawal.id);
    await expectUnchanged(rejected.withdrawal.id, async () => {
      expect(await startProcessing(db, admin, rejected.withdrawal.id)).toEqual({
        status: "conflict",
        current: "rejected",
      });
    });
  });
});

describe("Reject (pending → rejected)", () => {
  it("returns the amount to the member's balance, stamps rejectedAt, audits and emails", async () => {
    const { member, withdrawal } = await pendingWithdrawal(3_000n);
    const at = new Date("2025-04-02T11:00:00Z");
    expect(await rejectWithdrawal(db, admin, withdrawal.id, at)).toEqual({
      status: "ok",
      withdrawal: { id: withdrawal.id, status: "rejected", reference: withdrawal.reference, amountKobo: 3_000n },
    });
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: "rejected", rejectedAt: at, processedAt: null });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });

    const release = (await transfersOf(withdrawal.id)).find((t) => t.kind === "withdrawal_release");
    expect(release).toMatchObject({
      amountKobo: 3_000n,
      idempotencyKey: `withdrawal:${withdrawal.id}:release`,
      referenceType: "withdrawal",
      referenceId: withdrawal.id,
    });
    expect(await auditOf(withdrawal.id)).toEqual([
      expect.objectContaining({
        action: "withdrawal.reject",
        before: { status: "pending" },
        after: expect.objectContaining({ status: "rejected" }),
      }),
    ]);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/not be paid|rejected/i);
    expect(mails[0]!.textBody).toContain("₦30.00");
    expect(mails[0]!.textBody).toMatch(/returned to your AdNaira balance/i);
  });

  it("the returned money can be withdrawn again", async () => {
    const { member, withdrawal } = await pendingWithdrawal(10_000n);
    await rejectWithdrawal(db, admin, withdrawal.id);
    expect(
      await requestWithdrawal(db, { userId: member.id, amountKobo: 10_000n, idempotencyKey: formKey() }),
    ).toMatchObject({
      status: "ok",
    });
  });

  it("only from pending: processing, completed and rejected ones are conflicts", async () => {
    const processing = await processingWithdrawal();
    await expectUnchanged(processing.withdrawal.id, async () => {
      expect(await rejectWithdrawal(db, admin, processing.withdrawal.id)).toEqual({
        status: "conflict",
        current: "processing",
      });
    });
    await completeWithdrawal(db, admin, processing.withdrawal.id);
    await expectUnchanged(processing.withdrawal.id, async () => {
      expect(await rejectWithdrawal(db, admin, processing.withdrawal.id)).toEqual({
        status: "conflict",
        current: "completed",
      });
    });
    const rejected = await pendingWithdrawal();
    await rejectWithdrawal(db, admin, rejected.withdrawal.id);
    await expectUnchanged(rejected.withdrawal.id, async () => {
      expect(await rejectWithdrawal(db, otherAdmin, rejected.withdrawal.id)).toEqual({
        status: "conflict",
        current: "rejected",
      });
    });
    expect(await balances(db, rejected.member.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
  });
});

describe("Mark as Completed (processing → completed)", () => {
  it("pays amount − fee to bank payouts, books the fee, stamps processedAt, audits and emails", async () => {
    const { member, withdrawal } = await processingWithdrawal(2_000n, {
      accountNumber: "0123456789",
      accountHolderName: "Chidi Okafor",
    });
    const payoutsBefore = await platformBalance(db, "bank_payouts");
    const feesBefore = await platformBalance(db, "withdrawal_fees");
    const at = new Date("2025-04-03T08:15:00Z");
    expect(await completeWithdrawal(db, admin, withdrawal.id, at)).toEqual({
      status: "ok",
      withdrawal: { id: withdrawal.id, status: "completed", reference: withdrawal.reference, amountKobo: 2_000n },
    });
    const row = await rowOf(withdrawal.id);
    expect(row).toMatchObject({ status: "completed", processedAt: at, rejectedAt: null });
    expect(row.processingAt).not.toBeNull();
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 0n });
    expect((await platformBalance(db, "bank_payouts")) - payoutsBefore).toBe(1_960n);
    expect((await platformBalance(db, "withdrawal_fees")) - feesBefore).toBe(40n);

    const transfers = await transfersOf(withdrawal.id);
    expect(transfers.map((t) => [t.kind, t.amountKobo, t.idempotencyKey]).sort()).toEqual(
      [
        ["withdrawal_fee", 40n, `withdrawal:${withdrawal.id}:fee`],
        ["withdrawal_hold", 2_000n, `withdrawal:${withdrawal.id}:hold`],
        ["withdrawal_payout", 1_960n, `withdrawal:${withdrawal.id}:payout`],
      ].sort(),
    );
    for (const t of transfers) expect(t).toMatchObject({ referenceType: "withdrawal", referenceId: withdrawal.id });

    const audit = await auditOf(withdrawal.id);
    expect(audit.map((a) => a.action)).toEqual(["withdrawal.start_processing", "withdrawal.complete"]);
    expect(audit[1]).toMatchObject({
      before: { status: "processing" },
      after: expect.objectContaining({ status: "completed" }),
    });

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(2); // one per status change
    const done = mails[1]!;
    expect(done.subject).toMatch(/paid|completed/i);
    expect(done.textBody).toContain("₦19.60"); // what the bank receives
    expect(done.textBody).toContain("₦0.40");
    expect(done.textBody).toContain(row.bankName);
    expect(done.textBody).toContain("6789");
    expect(done.textBody).not.toContain("0123456789"); // masked to the last 4 digits
  });

  it("with no fee, posts only the payout", async () => {
    await setWithdrawalSettings(db, { feeBps: 0 });
    const { withdrawal } = await processingWithdrawal(5_000n);
    await completeWithdrawal(db, admin, withdrawal.id);
    const transfers = await transfersOf(withdrawal.id);
    expect(transfers.map((t) => t.kind).sort()).toEqual(["withdrawal_hold", "withdrawal_payout"]);
    expect(transfers.find((t) => t.kind === "withdrawal_payout")!.amountKobo).toBe(5_000n);
  });

  it("uses the fee stored with the request, not today's setting", async () => {
    const { withdrawal } = await processingWithdrawal(10_000n); // 2%: ₦2.00
    await setWithdrawalSettings(db, { feeBps: 1_000 });
    const feesBefore = await platformBalance(db, "withdrawal_fees");
    await completeWithdrawal(db, admin, withdrawal.id);
    expect((await platformBalance(db, "withdrawal_fees")) - feesBefore).toBe(200n);
  });

  it("only from processing: pending, completed and rejected ones are conflicts", async () => {
    const pending = await pendingWithdrawal();
    await expectUnchanged(pending.withdrawal.id, async () => {
      expect(await completeWithdrawal(db, admin, pending.withdrawal.id)).toEqual({
        status: "conflict",
        current: "pending",
      });
    });
    const done = await processingWithdrawal();
    await completeWithdrawal(db, admin, done.withdrawal.id);
    await expectUnchanged(done.withdrawal.id, async () => {
      expect(await completeWithdrawal(db, otherAdmin, done.withdrawal.id)).toEqual({
        status: "conflict",
        current: "completed",
      });
    });
    await rejectWithdrawal(db, admin, pending.withdrawal.id);
    await expectUnchanged(pending.withdrawal.id, async () => {
      expect(await completeWithdrawal(db, admin, pending.withdrawal.id)).toEqual({
        status: "conflict",
        current: "rejected",
      });
    });
  });

  it("a member's other withdrawals and balance are untouched", async () => {
    const member = await payee(db, { balanceKobo: 10_000n });
    const ask = async (amountKobo: bigint) => {
      const r = await requestWithdrawal(db, { userId: member.id, amountKobo, idempotencyKey: formKey() });
      if (r.status !== "ok") throw new Error(r.status);
      return r.withdrawal.id;
    };
    const [a, b, c] = [await ask(2_000n), await ask(3_000n), await ask(1_000n)];
    await startProcessing(db, admin, a);
    await completeWithdrawal(db, admin, a);
    await rejectWithdrawal(db, admin, b);
    expect(await balances(db, member.id)).toEqual({ availableKobo: 7_000n, heldKobo: 1_000n });
    expect((await rowOf(c)).status).toBe("pending");
    const mails = await db
      .select()
      .from(emails)
      .where(and(eq(emails.toAddress, member.email)));
    expect(mails).toHaveLength(3);
  });
});

describe("two admins at once (the embedded database queues them)", () => {
  it("each transition happens once", async () => {
    const { member, withdrawal } = await pendingWithdrawal(4_000n);
    const first = await Promise.all([
      startProcessing(db, admin, withdrawal.id),
      rejectWithdrawal(db, otherAdmin, withdrawal.id),
      startProcessing(db, otherAdmin, withdrawal.id),
      rejectWithdrawal(db, admin, withdrawal.id),
    ]);
    expect(first.filter((r) => r.status === "ok")).toHaveLength(1);
    const status = (await rowOf(withdrawal.id)).status;
    if (status === "processing") {
      const second = await Promise.all([
        completeWithdrawal(db, admin, withdrawal.id),
        completeWithdrawal(db, otherAdmin, withdrawal.id),
      ]);
      expect(second.filter((r) => r.status === "ok")).toHaveLength(1);
      expect(await balances(db, member.id)).toEqual({ availableKobo: 6_000n, heldKobo: 0n });
    } else {
      expect(status).toBe("rejected");
      expect(await balances(db, member.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
    }
    expect(await auditOf(withdrawal.id)).toHaveLength(status === "processing" ? 2 : 1);
  });
});
