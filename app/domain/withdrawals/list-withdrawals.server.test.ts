import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/audit/audit.server";
import { openTestDatabase } from "~test/database";
import {
  approvedAdvertiser,
  formKey,
  payee,
  setBankDetails,
  setWithdrawalSettings,
  withdrawalAdmin,
} from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { countPendingWithdrawals, listMemberWithdrawals, listWithdrawalsForAdmin } from "./list-withdrawals.server";
import { exportNewPayouts } from "./payout-export.server";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";

// One database for the file: the admin list sees everything created here, so every
// expectation about it is scoped by a search term unique to the test.
const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await withdrawalAdmin(db);
  await setWithdrawalSettings(db, { minKobo: 100n, maxKobo: 1_000_000n, feeBps: 200 });
});
afterEach(async () => expectBooksBalanced(db));

let clock = Date.parse("2025-01-01T00:00:00Z");
/** Requests one after another, one minute apart, so "newest first" is well defined. */
async function ask(userId: string, amountKobo: bigint) {
  clock += 60_000;
  const r = await requestWithdrawal(db, { userId, amountKobo, idempotencyKey: formKey(), now: new Date(clock) });
  if (r.status !== "ok") throw new Error(`ask: ${r.status}`);
  return r.withdrawal;
}

describe("listMemberWithdrawals", () => {
  it("lists only the member's withdrawals, newest first, with the bank masked to its last 4 digits", async () => {
    const member = await payee(db, { balanceKobo: 100_000n, bank: { accountNumber: "0123456789" } });
    const other = await payee(db, { balanceKobo: 10_000n });
    const first = await ask(member.id, 1_000n);
    const second = await ask(member.id, 2_500n);
    const third = await ask(member.id, 3_000n);
    await ask(other.id, 1_000n);
    await startProcessing(db, admin, first.id);
    await completeWithdrawal(db, admin, first.id, new Date("2025-02-01T12:00:00Z"));
    await rejectWithdrawal(db, admin, second.id);

    const list = await listMemberWithdrawals(db, member.id);
    expect(list.map((w) => w.id)).toEqual([third.id, second.id, first.id]);
    expect(list[2]).toEqual({
      id: first.id,
      reference: first.reference,
      amountKobo: 1_000n,
      feeKobo: 20n,
      netKobo: 980n,
      status: "completed",
      requestedAt: expect.any(Date),
      processedAt: new Date("2025-02-01T12:00:00Z"),
      bankName: expect.stringMatching(/\S/),
      accountNumberLast4: "6789",
      transferCode: null,
      underReview: false,
    });
    expect(list.map((w) => w.status)).toEqual(["pending", "rejected", "completed"]);
    expect(list[0]!.processedAt).toBeNull();
    expect(JSON.stringify(list, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))).not.toContain(
      "0123456789",
    );
    expect(await listMemberWithdrawals(db, member.id, { limit: 2 })).toHaveLength(2);
  });

  it("is empty for a member who never withdrew", async () => {
    const member = await payee(db);
    expect(await listMemberWithdrawals(db, member.id)).toEqual([]);
  });
});

describe("listWithdrawalsForAdmin", () => {
  it("shows the member, the amounts, the bank details and the dates, newest first", async () => {
    const member = await payee(db, {
      name: "Ngozi Listtest",
      balanceKobo: 50_000n,
      bank: { accountNumber: "0987654321", accountHolderName: "Ngozi A. Listtest" },
    });
    const older = await ask(member.id, 10_000n);
    const newer = await ask(member.id, 20_000n);
    const page = await listWithdrawalsForAdmin(db, { search: "listtest" });
    expect(page.rows.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(page.rows[1]).toEqual({
      id: older.id,
      reference: older.reference,
      userId: member.id,
      userName: "Ngozi Listtest",
      userEmail: member.email,
      userDisplayId: member.displayId,
      businessName: null,
      amountKobo: 10_000n,
      feeKobo: 200n,
      netKobo: 9_800n,
      status: "pending",
      bankName: expect.stringMatching(/\S/),
      bankCode: expect.any(String),
      accountNumber: "0987654321",
      accountHolderName: "Ngozi A. Listtest",
      requestedAt: expect.any(Date),
      processedAt: null,
      payoutBatch: null,
      transferCode: null,
      sentAt: null,
      transferFailureReason: null,
      autoPayHold: null,
      payoutsFrozen: false,
    });
    expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1 });
  });

  it("searches names case-insensitively and takes % and _ literally", async () => {
    const a = await payee(db, { name: "Tunde 100% Wildcard", balanceKobo: 5_000n });
    const b = await payee(db, { name: "Tunde 1000 Wildcard", balanceKobo: 5_000n });
    const c = await payee(db, { name: "Tunde_x Wildcard", balanceKobo: 5_000n });
    const wa = await ask(a.id, 1_000n);
    const wb = await ask(b.id, 1_000n);
    const wc = await ask(c.id, 1_000n);
    expect((await listWithdrawalsForAdmin(db, { search: "TUNDE" })).rows.map((r) => r.id).sort()).toEqual(
      [wa.id, wb.id, wc.id].sort(),
    );
    expect((await listWithdrawalsForAdmin(db, { search: "100%" })).rows.map((r) => r.id)).toEqual([wa.id]);
    expect((await listWithdrawalsForAdmin(db, { search: "tunde_" })).rows.map((r) => r.id)).toEqual([wc.id]);
    expect((await listWithdrawalsForAdmin(db, { search: "  wildcard  " })).total).toBe(3);
    expect((await listWithdrawalsForAdmin(db, { search: "nobody-is-called-this" })).rows).toEqual([]);
  });

  it("finds a withdrawal by its reference too", async () => {
    const member = await payee(db, { balanceKobo: 5_000n });
    const w = await ask(member.id, 1_000n);
    expect((await listWithdrawalsForAdmin(db, { search: w.reference.toLowerCase() })).rows.map((r) => r.id)).toEqual([
      w.id,
    ]);
  });

  it("filters by status and counts every status for the search", async () => {
    const member = await payee(db, { name: "Bisi Statuscount", balanceKobo: 100_000n });
    const ws = [];
    for (let i = 0; i < 6; i++) ws.push(await ask(member.id, 1_000n));
    await startProcessing(db, admin, ws[0]!.id);
    await startProcessing(db, admin, ws[1]!.id);
    await completeWithdrawal(db, admin, ws[1]!.id);
    await rejectWithdrawal(db, admin, ws[2]!.id);
    const all = await listWithdrawalsForAdmin(db, { search: "statuscount" });
    expect(all.counts).toEqual({ all: 6, pending: 3, processing: 1, completed: 1, rejected: 1, sent: 0 });
    const processing = await listWithdrawalsForAdmin(db, { search: "statuscount", status: "processing" });
    expect(processing.rows.map((r) => r.id)).toEqual([ws[0]!.id]);
    expect(processing).toMatchObject({ total: 1, counts: all.counts });
    const pending = await listWithdrawalsForAdmin(db, { search: "statuscount", status: "pending" });
    expect(pending.rows.map((r) => r.id)).toEqual([ws[5]!.id, ws[4]!.id, ws[3]!.id]);
  });

  it("pages (25 by default), clamping the page into range", async () => {
    const member = await payee(db, { name: "Kemi Pagination", balanceKobo: 100_000n });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await ask(member.id, 1_000n)).id);
    const newestFirst = [...ids].reverse();
    const p1 = await listWithdrawalsForAdmin(db, { search: "pagination", pageSize: 3 });
    expect(p1).toMatchObject({ total: 7, page: 1, pageCount: 3 });
    expect(p1.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 3));
    const p3 = await listWithdrawalsForAdmin(db, { search: "pagination", pageSize: 3, page: 3 });
    expect(p3.rows.map((r) => r.id)).toEqual(newestFirst.slice(6));
    expect((await listWithdrawalsForAdmin(db, { search: "pagination", pageSize: 3, page: 99 })).page).toBe(3);
    expect((await listWithdrawalsForAdmin(db, { search: "pagination", pageSize: 3, page: -4 })).page).toBe(1);
    expect((await listWithdrawalsForAdmin(db, { search: "pagination" })).rows).toHaveLength(7);
    const empty = await listWithdrawalsForAdmin(db, { search: "no-such-member-anywhere" });
    expect(empty).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
    expect(empty.counts).toEqual({ all: 0, pending: 0, processing: 0, completed: 0, rejected: 0, sent: 0 });
  });
});

describe("admin figures", () => {
  it("countPendingWithdrawals counts pending ones", async () => {
    const before = await countPendingWithdrawals(db);
    const member = await payee(db, { balanceKobo: 100_000n });
    const a = await ask(member.id, 10_000n);
    const b = await ask(member.id, 20_000n);
    await ask(member.id, 5_000n);
    expect(await countPendingWithdrawals(db)).toBe(before + 3);
    await startProcessing(db, admin, a.id);
    await completeWithdrawal(db, admin, a.id);
    await rejectWithdrawal(db, admin, b.id);
    expect(await countPendingWithdrawals(db)).toBe(before + 1);
  });
});

describe("listWithdrawalsForAdmin: an advertiser's payout", () => {
  it("carries the business name, and a search by it finds the payout", async () => {
    const advertiser = await approvedAdvertiser(db, { businessName: "Zobo Palace Ltd", balanceKobo: 10_000n });
    await setBankDetails(db, advertiser.id);
    const asked = await requestWithdrawal(db, { userId: advertiser.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (asked.status !== "ok") throw new Error(asked.status);
    const found = await listWithdrawalsForAdmin(db, { search: "zobo palace" });
    expect(found.rows.map((r) => r.id)).toEqual([asked.withdrawal.id]);
    expect(found.rows[0]).toMatchObject({ businessName: "Zobo Palace Ltd", userName: advertiser.name });
    expect(found.counts.all).toBe(1);
  });
});

describe("listWithdrawalsForAdmin: every way a search finds a withdrawal", () => {
  /** An approved advertiser with bank details, asking for part of their balance. */
  async function advertiserAsks(profile: { businessName: string; name?: string }) {
    const advertiser = await approvedAdvertiser(db, { ...profile, balanceKobo: 10_000n });
    await setBankDetails(db, advertiser.id);
    return ask(advertiser.id, 3_000n);
  }

  it("by member name, business name, reference and payout file, each counted once per status", async () => {
    const member = await payee(db, { name: "Halima Fourways", balanceKobo: 50_000n });
    const byName = [await ask(member.id, 1_000n), await ask(member.id, 2_000n)];
    await startProcessing(db, admin, byName[0]!.id);
    const byBusiness = await advertiserAsks({ name: "Ola Plain", businessName: "Fourways Kitchen" });
    await rejectWithdrawal(db, admin, byBusiness.id);
    const other = await payee(db, { name: "Segun Elsewhere", balanceKobo: 50_000n });
    const byReference = await ask(other.id, 1_000n);
    const inFile = await ask(other.id, 1_000n);
    await startProcessing(db, admin, inFile.id);
    const exported = await exportNewPayouts(db, admin);
    if (exported.status !== "ok") throw new Error(`export: ${exported.status}`);
    const batch = exported.file.batch;
    expect(exported.file.references).toContain(inFile.reference);

    const named = await listWithdrawalsForAdmin(db, { search: "fourways" });
    expect(named.rows.map((r) => r.id)).toEqual([byBusiness.id, byName[1]!.id, byName[0]!.id]);
    expect(named.counts).toEqual({ all: 3, pending: 1, processing: 1, completed: 0, rejected: 1, sent: 0 });
    expect(
      (await listWithdrawalsForAdmin(db, { search: "fourways", status: "rejected" })).rows.map((r) => r.id),
    ).toEqual([byBusiness.id]);

    const referenced = await listWithdrawalsForAdmin(db, { search: ` ${byReference.reference.toLowerCase()} ` });
    expect(referenced.rows.map((r) => r.id)).toEqual([byReference.id]);
    expect(referenced.counts).toEqual({ all: 1, pending: 1, processing: 0, completed: 0, rejected: 0, sent: 0 });

    // The payout file: every withdrawal downloaded in it, this one among them.
    const filed = await listWithdrawalsForAdmin(db, { search: batch.toLowerCase() });
    expect(filed.rows.map((r) => r.reference).sort()).toEqual([...exported.file.references].sort());
    expect(filed.rows.every((r) => r.payoutBatch === batch)).toBe(true);
    expect(filed.counts).toMatchObject({
      all: exported.file.references.length,
      processing: exported.file.references.length,
    });

    // A reference or file is matched whole, not as part of a name.
    expect((await listWithdrawalsForAdmin(db, { search: byReference.reference.slice(0, 6) })).total).toBe(0);
    // The search is by name, not by email.
    expect((await listWithdrawalsForAdmin(db, { search: other.email })).total).toBe(0);
  });

  it("counts a withdrawal once when its member's name and business name both match", async () => {
    const w = await advertiserAsks({ name: "Bukola Twofold", businessName: "Twofold Bukola Ventures" });
    const found = await listWithdrawalsForAdmin(db, { search: "twofold" });
    expect(found.rows.map((r) => r.id)).toEqual([w.id]);
    expect(found.counts).toEqual({ all: 1, pending: 1, processing: 0, completed: 0, rejected: 0, sent: 0 });
  });

  it("takes % and _ literally in business names too", async () => {
    const percent = await advertiserAsks({ businessName: "Literal 50% Off Ltd" });
    await advertiserAsks({ businessName: "Literal 500 Off Ltd" });
    const underscore = await advertiserAsks({ businessName: "Literal_Off Ltd" });
    expect((await listWithdrawalsForAdmin(db, { search: "50% off" })).rows.map((r) => r.id)).toEqual([percent.id]);
    expect((await listWithdrawalsForAdmin(db, { search: "literal_" })).rows.map((r) => r.id)).toEqual([underscore.id]);
    expect((await listWithdrawalsForAdmin(db, { search: "literal" })).total).toBe(3);
  });
});
