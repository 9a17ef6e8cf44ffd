import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_PAGE_SIZE } from "~/domain/statement/statement.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { formatLagosMonthYear, lagosDay, lagosMonth } from "~/lib/lagos-time";
import { creditUser, formKey, setBankDetails, setWithdrawalSettings } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { signInAdmin, signInMember } from "~test/sign-in";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await setWithdrawalSettings(app.services.db, { minKobo: 1_000n, maxKobo: 1_000_000n, feeBps: 200 });
});
afterAll(async () => {
  if (app) await expectLedgerReconciled(app.services.db);
  await app?.close();
});

async function memberWithMoney() {
  const signedIn = await signInMember(app, { landed: true });
  const { db } = app.services;
  await creditUser(db, signedIn.user.id, 50_000n);
  await setBankDetails(db, signedIn.user.id);
  const w = await requestWithdrawal(db, { userId: signedIn.user.id, amountKobo: 20_000n, idempotencyKey: formKey() });
  if (w.status !== "ok") throw new Error(w.status);
  return { ...signedIn, withdrawal: w.withdrawal };
}

describe("the statement page", () => {
  it("lists the member's movements newest first with the running balance, linked from the profile", async () => {
    const { client, withdrawal } = await memberWithMoney();
    expect((await client.get("/profile")).body).toContain('href="/statement"');
    const res = await client.get("/statement");
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Statement");
    expect(text).toContain("Balance ₦300.00 · Held for withdrawals and upgrades ₦200.00");
    const hold = text.indexOf(`Withdrawal ${withdrawal.reference} requested: ₦196.00 to your bank, ₦4.00 fee`);
    const reward = text.indexOf("Advert reward");
    expect(hold).toBeGreaterThan(-1);
    expect(reward).toBeGreaterThan(hold);
    expect(text).toContain("−₦200.00");
    expect(text).toContain("+₦500.00");
    expect(res.body).toContain(`aria-label="Withdrawal ${withdrawal.reference} timeline"`);
    expect(text).toContain("Download CSV");
    // The full account number never reaches the page.
    expect(res.body).not.toContain("0123456789");
  });

  it("says so when nothing has moved yet, and offers no download", async () => {
    const { client } = await signInMember(app, { landed: true });
    const text = pageText((await client.get("/statement")).body);
    expect(text).toContain("No money has moved yet.");
    expect(text).not.toContain("Download CSV");
  });

  it("pages the lines, keeping the running balance of the lines before", async () => {
    const { client, user } = await signInMember(app, { landed: true });
    for (let i = 0; i < STATEMENT_PAGE_SIZE + 2; i++) await creditUser(app.services.db, user.id, 100n);
    const first = pageText((await client.get("/statement")).body);
    expect(first).toContain("Page 1 of 2");
    const second = await client.get("/statement?page=2");
    const text = pageText(second.body);
    expect(text).toContain("Page 2 of 2");
    // The two oldest rewards: balances ₦1.00 and ₦2.00.
    expect(text).toMatch(/\+₦1\.00 ₦2\.00[\s\S]*\+₦1\.00 ₦1\.00/);
  });

  it("downloads the statement as CSV by POST only", async () => {
    const { client, withdrawal } = await memberWithMoney();
    const csv = await client.post("/statement/csv", {});
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="adnaira-statement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers.get("Cache-Control")).toBe("no-store");
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe(
      "Date (Africa/Lagos),Description,In (NGN),Out (NGN),Not in the balance (NGN),Affects,Balance (NGN),Held (NGN),Reference",
    );
    expect(lines[1]).toContain(`,,200.00,,Balance,300.00,200.00,${withdrawal.reference}`);
    expect(lines[2]).toContain("Advert reward,500.00,,,Balance,500.00,0.00,");

    // A GET (or React Router's data request) downloads nothing and goes to the statement.
    for (const path of ["/statement/csv", "/statement/csv.data"]) {
      const get = await client.get(path);
      expect(get.headers.get("Content-Disposition"), path).toBeNull();
      expect(get.body, path).not.toContain("Date (Africa/Lagos)");
    }
    expect((await client.get("/statement/csv")).location).toBe("/statement");
    // A post from another site is refused before it reaches the download.
    const forged = await client.post("/statement/csv", {}, { Origin: "https://evil.example" });
    expect(forged.status).toBe(400);
    expect(forged.headers.get("Content-Disposition")).toBeNull();
  });

  it("reads one Lagos month: its opening and closing balances, money in and out, and its CSV", async () => {
    const { client, withdrawal } = await memberWithMoney();
    const month = lagosDay(new Date()).slice(0, 7);
    const text = pageText((await client.get(`/statement?month=${month}`)).body);
    expect(text).toContain(`${formatLagosMonthYear(new Date())}`);
    expect(text).toMatch(/Opening balance ₦0\.00 Money in ₦500\.00 Money out ₦200\.00 Closing balance ₦300\.00/);
    expect(text).toContain(`Withdrawal ${withdrawal.reference} requested`);

    // The month before: nothing moved in it, so nothing is listed and no figure changes.
    const before = monthParamOf(new Date(lagosMonth(new Date()).start.getTime() - 1));
    const earlier = await client.post("/statement/csv", { month: before });
    expect(earlier.headers.get("Content-Disposition")).toBe(`attachment; filename="adnaira-statement-${before}.csv"`);
    expect(earlier.body.split("\r\n").filter(Boolean)).toHaveLength(1);
    const thisMonth = await client.post("/statement/csv", { month });
    expect(thisMonth.body.split("\r\n").filter(Boolean)).toHaveLength(3);

    // An unusable month is the whole statement.
    const whole = pageText((await client.get("/statement?month=2026-13")).body);
    expect(whole).toMatch(/Opening balance ₦0\.00 Money in ₦500\.00 Money out ₦200\.00 Closing balance ₦300\.00/);
  });

  it("is for members only: staff see nothing of earnings", async () => {
    const { client } = await signInAdmin(app);
    const page = await client.get("/statement");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/admin");
    const csv = await client.post("/statement/csv", {});
    expect(csv.headers.get("Content-Disposition")).toBeNull();
  });
});

const monthParamOf = (at: Date) => lagosDay(at).slice(0, 7);
