import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, providerPayments, providerTransfers, reconciliationResolutions } from "~/db/schema";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { newId } from "~/domain/shared/ids";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { onlyAuditRow } from "~test/audit";
import { databaseError, openTestDatabase } from "~test/database";
import { formKey, member, payee, withdrawalAdmin } from "~test/factories";
import { listDisagreements, STUCK_TRANSFER_MS, TRANSFER_PAID_AFTER_FAILED } from "./disagreements.server";
import { RESOLUTION_NOTE_MAX } from "./disagreements";
import { recordUnmatchedEvent } from "./references.server";
import { listResolutions, resolveDisagreement } from "./resolve-disagreement.server";

const { db } = await openTestDatabase({ poolSize: 12 });

/** A signed event under a reference that is none of ours: an open "unknown-reference", by its event's id. */
async function unknownReference(reference = `T-${newId().slice(0, 10)}`) {
  await recordUnmatchedEvent(db, { event: "charge.success", reference, amountKobo: 250_000n, currency: "NGN" });
  const open = (await listDisagreements(db)).find((d) => d.reference === reference);
  if (!open) throw new Error("unknownReference: not listed");
  return open;
}

const resolutionsOf = (key: string) =>
  db.select().from(reconciliationResolutions).where(eq(reconciliationResolutions.key, key));

const isOpen = async (key: string) => (await listDisagreements(db)).some((d) => d.key === key);

describe("resolveDisagreement", () => {
  it("is refused to an admin without manage_withdrawals, writing nothing", async () => {
    const entry = await unknownReference();
    const clerk = await withdrawalAdmin(db, ["manage_users", "view_reports"]);
    expect(await resolveDisagreement(db, clerk, { kind: entry.kind, key: entry.key, note: "Refunded" })).toEqual({
      status: "forbidden",
    });
    expect(await resolutionsOf(entry.key)).toEqual([]);
    expect(await db.$count(auditLog, eq(auditLog.targetId, entry.key))).toBe(0);
    expect(await isOpen(entry.key)).toBe(true);
  });

  it("needs a note: blank (after trimming) or over 1,000 characters is refused, writing nothing", async () => {
    const entry = await unknownReference();
    const admin = await withdrawalAdmin(db);
    const at = { kind: entry.kind, key: entry.key };
    expect(await resolveDisagreement(db, admin, { ...at, note: "" })).toEqual({ status: "note-required" });
    expect(await resolveDisagreement(db, admin, { ...at, note: " \n\t " })).toEqual({ status: "note-required" });
    expect(await resolveDisagreement(db, admin, { ...at, note: "x".repeat(RESOLUTION_NOTE_MAX + 1) })).toEqual({
      status: "note-too-long",
    });
    expect(await resolutionsOf(entry.key)).toEqual([]);
    expect(await isOpen(entry.key)).toBe(true);
    // Exactly 1,000 once trimmed is kept.
    const longest = `  ${"y".repeat(RESOLUTION_NOTE_MAX)}  `;
    expect(await resolveDisagreement(db, admin, { ...at, note: longest })).toMatchObject({ status: "ok" });
    expect((await resolutionsOf(entry.key))[0]!.note).toBe("y".repeat(RESOLUTION_NOTE_MAX));
  });

  it("resolves once, audited: the entry leaves the open list, and Resolved shows who, when and the note", async () => {
    const entry = await unknownReference();
    const admin = await withdrawalAdmin(db);
    const result = await resolveDisagreement(db, admin, {
      kind: entry.kind,
      key: entry.key,
      note: "  Refunded in the Paystack dashboard; the payer had used an old link.  ",
    });
    expect(result).toMatchObject({
      status: "ok",
      resolution: {
        kind: "unknown-reference",
        key: entry.key,
        reference: entry.reference,
        note: "Refunded in the Paystack dashboard; the payer had used an old link.",
      },
    });
    expect(await isOpen(entry.key)).toBe(false);
    const [row] = await resolutionsOf(entry.key);
    expect(row).toMatchObject({ kind: "unknown-reference", reference: entry.reference, resolvedById: admin.id });

    const audit = await onlyAuditRow(db, entry.key, "reconciliation.resolve");
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetType: "disagreement",
      before: null,
      after: {
        kind: "unknown-reference",
        reference: entry.reference,
        note: "Refunded in the Paystack dashboard; the payer had used an old link.",
      },
      ip: admin.ip,
    });

    const { resolutions, total } = await listResolutions(db);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(resolutions[0]).toMatchObject({
      key: entry.key,
      reference: entry.reference,
      note: "Refunded in the Paystack dashboard; the payer had used an old link.",
    });
    expect(resolutions[0]!.resolvedByName).toBeTruthy();

    // Again, by the same admin or another: already resolved, by whom; nothing more written.
    const other = await withdrawalAdmin(db);
    const again = await resolveDisagreement(db, other, { kind: entry.kind, key: entry.key, note: "Me too" });
    expect(again).toMatchObject({ status: "conflict", resolution: { note: row!.note, resolvedAt: row!.resolvedAt } });
    expect(await resolutionsOf(entry.key)).toHaveLength(1);
    expect(await db.$count(auditLog, eq(auditLog.targetId, entry.key))).toBe(1);
  });

  it("answers not-found for an entry that is not open: made up, or named under another kind", async () => {
    const entry = await unknownReference();
    const admin = await withdrawalAdmin(db);
    const note = "Checked";
    expect(
      await resolveDisagreement(db, admin, { kind: "unknown-reference", key: "MadeUpEventId_000001", note }),
    ).toEqual({
      status: "not-found",
    });
    expect(await resolveDisagreement(db, admin, { kind: "held-payment", key: entry.key, note })).toEqual({
      status: "not-found",
    });
    expect(await resolveDisagreement(db, admin, { kind: "transfer-paid-after-failed", key: entry.key, note })).toEqual({
      status: "not-found",
    });
    expect(await resolutionsOf(entry.key)).toEqual([]);
    expect(await resolutionsOf("MadeUpEventId_000001")).toEqual([]);
  });

  it("two admins at once: one resolution, one audit row; the other is told it is already resolved", async () => {
    const entry = await unknownReference();
    const admins = await Promise.all(Array.from({ length: 4 }, () => withdrawalAdmin(db)));
    const results = await Promise.all(
      admins.map((admin, i) =>
        resolveDisagreement(db, admin, { kind: entry.kind, key: entry.key, note: `Admin ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === "ok")).toHaveLength(1);
    expect(results.filter((r) => r.status === "conflict")).toHaveLength(3);
    const [row] = await resolutionsOf(entry.key);
    for (const r of results) if (r.status === "conflict") expect(r.resolution.note).toBe(row!.note);
    expect(await resolutionsOf(entry.key)).toHaveLength(1);
    expect(await db.$count(auditLog, eq(auditLog.targetId, entry.key))).toBe(1);
  });

  it("keeps a resolution for good: the database refuses to change or remove it", async () => {
    const entry = await unknownReference();
    expect(
      await resolveDisagreement(db, await withdrawalAdmin(db), { kind: entry.kind, key: entry.key, note: "Done" }),
    ).toMatchObject({ status: "ok" });
    for (const statement of [
      sql`update reconciliation_resolutions set note = 'rewritten' where key = ${entry.key}`,
      sql`delete from reconciliation_resolutions where key = ${entry.key}`,
      sql`truncate reconciliation_resolutions`,
    ]) {
      const err = await databaseError(db.execute(statement));
      expect(err.code).toBe("42501");
      expect(err.message).toMatch(/reconciliation_resolutions is append-only/);
    }
    expect(await resolutionsOf(entry.key)).toMatchObject([{ note: "Done" }]);
    expect(await isOpen(entry.key)).toBe(false);
  });
});

describe("which disagreement a resolution closes", () => {
  it("a held payment, by its reference", async () => {
    const who = await member(db);
    const requested = await requestUpgrade(db, {
      userId: who.id,
      tierId: "bronze",
      method: "online",
      onlinePayments: true,
    });
    if (requested.status !== "ok") throw new Error(requested.status);
    const reference = `${requested.request.reference}-H`;
    await db.insert(providerPayments).values({
      id: newId(),
      reference,
      purpose: "upgrade",
      upgradeRequestId: requested.request.id,
      userId: who.id,
      amountKobo: 50_000n,
      status: "held",
      paidKobo: 40_000n,
      currency: "NGN",
      heldReason: "Paid ₦400.00, asked ₦500.00.",
      settledAt: new Date(),
    });
    expect(await isOpen(reference)).toBe(true);
    const admin = await withdrawalAdmin(db);
    expect(
      await resolveDisagreement(db, admin, { kind: "held-payment", key: reference, note: "Refunded at Paystack" }),
    ).toMatchObject({ status: "ok", resolution: { reference } });
    expect(await isOpen(reference)).toBe(false);
  });

  it("a late success of a transfer taken as failed, by its event", async () => {
    const { reference } = await transferOf("failed");
    await recordUnmatchedEvent(db, {
      event: TRANSFER_PAID_AFTER_FAILED,
      reference,
      amountKobo: 1_960n,
      currency: null,
    });
    const late = (await listDisagreements(db)).find((d) => d.reference === reference)!;
    expect(late).toMatchObject({ kind: "transfer-paid-after-failed", withdrawalReference: expect.any(String) });
    const admin = await withdrawalAdmin(db);
    expect(
      await resolveDisagreement(db, admin, { kind: late.kind, key: late.key, note: "Recovered from the member" }),
    ).toMatchObject({ status: "ok", resolution: { reference } });
    expect(await isOpen(late.key)).toBe(false);
  });

  it("an unknown reference, by its event: another event under the same reference is a new entry, open", async () => {
    const first = await unknownReference("T-TWICE-SEEN");
    const admin = await withdrawalAdmin(db);
    expect(await resolveDisagreement(db, admin, { kind: first.kind, key: first.key, note: "Refunded" })).toMatchObject({
      status: "ok",
    });
    await recordUnmatchedEvent(db, {
      event: "refund.processed",
      reference: "T-TWICE-SEEN",
      amountKobo: 250_000n,
      currency: "NGN",
    });
    expect((await listDisagreements(db)).filter((d) => d.reference === "T-TWICE-SEEN")).toEqual([
      expect.objectContaining({ kind: "unknown-reference", event: "refund.processed" }),
    ]);
  });

  it("a transfer resolved while its outcome was unknown is listed again once it is stuck pending (a new kind)", async () => {
    const { reference, id } = await transferOf("unknown");
    const admin = await withdrawalAdmin(db);
    expect(
      await resolveDisagreement(db, admin, {
        kind: "transfer-unknown",
        key: reference,
        note: "Asked Paystack support",
      }),
    ).toMatchObject({ status: "ok" });
    expect(await isOpen(reference)).toBe(false);
    // A resolved kind stays resolved; naming it as stuck while it is not is not-found.
    expect(await resolveDisagreement(db, admin, { kind: "transfer-stuck", key: reference, note: "Stuck?" })).toEqual({
      status: "not-found",
    });

    // Paystack answers: it took the transfer, and it then stays pending for hours.
    await db
      .update(providerTransfers)
      .set({ status: "pending", createdAt: new Date(Date.now() - STUCK_TRANSFER_MS - 60_000) })
      .where(eq(providerTransfers.id, id));
    expect((await listDisagreements(db)).filter((d) => d.reference === reference)).toEqual([
      expect.objectContaining({ kind: "transfer-stuck", key: reference }),
    ]);
    expect(
      await resolveDisagreement(db, admin, { kind: "transfer-stuck", key: reference, note: "Bank confirmed it" }),
    ).toMatchObject({ status: "ok" });
    expect(await isOpen(reference)).toBe(false);
    expect(await resolutionsOf(reference)).toHaveLength(2);
  });
});

/** A processing withdrawal's transfer attempt in `status`, as the payout left it. */
async function transferOf(status: "unknown" | "failed") {
  const cashier = await withdrawalAdmin(db);
  const who = await payee(db, { balanceKobo: 10_000n });
  const requested = await requestWithdrawal(db, { userId: who.id, amountKobo: 2_000n, idempotencyKey: formKey() });
  if (requested.status !== "ok") throw new Error(requested.status);
  expect(await startProcessing(db, cashier, requested.withdrawal.id)).toMatchObject({ status: "ok" });
  const id = newId();
  const reference = `adnaira-${requested.withdrawal.reference.toLowerCase()}-1`;
  await db.insert(providerTransfers).values({
    id,
    withdrawalId: requested.withdrawal.id,
    attempt: 1,
    reference,
    amountKobo: 1_960n,
    recipientCode: "RCP_test",
    status,
    requestSentAt: new Date(),
    requestEndedAt: new Date(),
  });
  return { id, reference };
}
