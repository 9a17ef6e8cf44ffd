import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSettings, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { DEFAULT_APP_SETTINGS } from "~/domain/settings/app-settings";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { createUser, creditUser } from "~test/factories";
import { pageText, redirectToast, startTestApp, type HttpClient, type HttpResponse, type TestApp } from "~test/app";
import { expectLedgerReconciled } from "~test/ledger";
import { signIn } from "~test/sign-in";
import { GTB, GTB_ACCOUNT } from "~test/bank-accounts";

let app: TestApp;
let admin: Actor;
beforeAll(async () => {
  app = await startTestApp();
  const user = await createUser(app.services.db, { role: "admin", permissions: ["manage_withdrawals"] });
  admin = { id: user.id, role: "admin", permissions: user.permissions, ip: "102.89.7.7" };
});
afterAll(async () => app?.close());
afterEach(async () => expectLedgerReconciled(app.services.db));

type Member = { client: HttpClient; id: string; password: string };

/** An approved member, signed in, with `balanceKobo` earned and (unless told) bank details saved through the form. */
async function member(
  options: { balanceKobo?: bigint; bank?: boolean; role?: "user" | "admin"; isApproved?: boolean } = {},
): Promise<Member> {
  const role = options.role ?? "user";
  const user = await createUser(app.services.db, { isApproved: options.isApproved ?? true, role });
  if (options.balanceKobo) await creditUser(app.services.db, user.id, options.balanceKobo);
  const client = await signIn(app, user, { landed: true });
  if (options.bank ?? true) {
    const saved = await client.post("/profile/bank-details", {
      accountHolderName: "Tunde Bakare",
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
      currentPassword: user.password,
    });
    expect(saved.status).toBe(role === "user" ? 302 : 403);
    await client.get("/profile"); // takes the Bank Details Updated toast
  }
  return { client, id: user.id, password: user.password };
}

/** The idempotency key this render of the Withdraw Earnings form carries. */
function formKeyOf(html: string): string {
  const match =
    /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec(html) ??
    /<input[^>]*value="([^"]+)"[^>]*name="idempotencyKey"/.exec(html);
  if (!match) throw new Error("no idempotency key on the page");
  return match[1]!;
}

async function freshKey(client: HttpClient) {
  return formKeyOf((await client.get("/profile")).body);
}

const withdraw = (client: HttpClient, amount: string, idempotencyKey: string) =>
  client.post("/profile/withdraw", { amount, idempotencyKey });

const withdrawalsOf = (userId: string) =>
  app.services.db.select().from(withdrawals).where(eq(withdrawals.userId, userId));

/**
 * A refused request: the status, the toast's title (in the page's data), the refusal's words said
 * once on the page (at the amount or above the form; nothing repeats them), and nothing written.
 */
async function expectRefused(m: Member, res: HttpResponse, status: number, title: string, message?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toContain(title);
  if (message !== undefined) expect(pageText(res.body).split(message).length - 1, message).toBe(1);
  expect(await withdrawalsOf(m.id)).toEqual([]);
}

describe("Withdraw Earnings on /profile", () => {
  it("shows the balance, the limits and fee, a form key, and the empty histories", async () => {
    const m = await member({ balanceKobo: 5_000n });
    const res = await m.client.get("/profile");
    const text = pageText(res.body);
    expect(text).toContain("Withdraw Earnings Available balance: ₦50.00");
    expect(text).toContain("Minimum ₦10.00 · Maximum ₦1,000.00 · Fee 2% of the amount");
    expect(text).toContain("Enter an amount to see the fee and what you will receive.");
    expect(text).not.toContain("needs to be approved");
    expect(text).toContain("Withdrawal history No withdrawals yet. Your withdrawal requests will appear here.");
    const amountInput = /<input[^>]*name="amount"[^>]*>/.exec(res.body)?.[0] ?? "";
    for (const attribute of ['type="number"', 'step="0.01"', 'min="0"', 'inputMode="decimal"'])
      expect(amountInput).toContain(attribute);
    const inputId = /id="([^"]+)"/.exec(amountInput)?.[1];
    expect(res.body).toContain(`for="${inputId}"`); // labelled
    expect(formKeyOf(res.body)).toMatch(/^[A-Za-z0-9_-]{21}$/);
    // Every render carries a new key.
    expect(await freshKey(m.client)).not.toBe(formKeyOf(res.body));

    const dashboard = pageText((await m.client.get("/dashboard")).body);
    expect(dashboard).toContain("Withdrawal history No withdrawals yet.");
  });

  it("requests a withdrawal: Withdrawal Requested with the amount, the balance held, the history updated, a new form key", async () => {
    const m = await member({ balanceKobo: 5_000n });
    const key = await freshKey(m.client);
    const res = await withdraw(m.client, "20", key);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/profile");
    expect(redirectToast(res)).toEqual({
      type: "success",
      title: "Withdrawal Requested",
      description: "Your withdrawal request of ₦20.00 has been submitted. You will receive ₦19.60 after the ₦0.40 fee.",
    });
    expect(await balances(app.services.db, m.id)).toEqual({ availableKobo: 3_000n, heldKobo: 2_000n });
    const [row] = await withdrawalsOf(m.id);
    expect(row).toMatchObject({
      amountKobo: 2_000n,
      feeKobo: 40n,
      status: "pending",
      idempotencyKey: key,
      accountNumber: GTB_ACCOUNT,
    });

    const profile = await m.client.get("/profile");
    expect(profile.body).toContain("Withdrawal Requested"); // the toast, shown by the browser
    const text = pageText(profile.body);
    expect(text).toContain("Available balance: ₦30.00");
    expect(text).toMatch(
      /Withdrawal history ₦20\.00 Pending Fee ₦0\.40 · You receive ₦19\.60 To Guaranty Trust Bank \(GTBank\) ending 6785 · Ref W[A-Z0-9]{8} Requested \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    );
    expect(profile.body).not.toContain(GTB_ACCOUNT);
    expect(formKeyOf(profile.body)).not.toBe(key);

    const dashboard = await m.client.get("/dashboard");
    expect(pageText(dashboard.body)).toMatch(
      /Withdrawal history Amount Date Status ₦20\.00 \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Pending/,
    );
    expect(dashboard.body).not.toContain(GTB_ACCOUNT);
  });

  it("a resubmit of one form (double tap, retry, five at once) makes one withdrawal and answers each with the same toast", async () => {
    const m = await member({ balanceKobo: 10_000n });
    const key = await freshKey(m.client);
    const first = await withdraw(m.client, "25.50", key);
    const again = await withdraw(m.client, "25.50", key);
    const burst = await Promise.all(Array.from({ length: 5 }, () => withdraw(m.client, "25.50", key)));
    for (const res of [first, again, ...burst]) {
      expect(res.status).toBe(302);
      expect(redirectToast(res)).toMatchObject({
        type: "success",
        title: "Withdrawal Requested",
        description: expect.stringContaining("₦25.50"),
      });
    }
    expect(await withdrawalsOf(m.id)).toHaveLength(1);
    expect(await balances(app.services.db, m.id)).toEqual({ availableKobo: 7_450n, heldKobo: 2_550n });

    // The next render's key makes a second, separate withdrawal.
    expect((await withdraw(m.client, "10", await freshKey(m.client))).status).toBe(302);
    expect(await withdrawalsOf(m.id)).toHaveLength(2);
  });

  it("the same form resubmitted with another amount (restored by Back) is refused and names what it already requested", async () => {
    const m = await member({ balanceKobo: 10_000n });
    const key = await freshKey(m.client);
    expect((await withdraw(m.client, "20", key)).status).toBe(302);
    const res = await withdraw(m.client, "50", key);
    const rows = await withdrawalsOf(m.id);
    expect(rows).toHaveLength(1);
    expect(res.status).toBe(409);
    expect(res.body).toContain("Withdrawal Failed");
    expect(res.body).toContain(
      `This form already requested ₦20.00 (${rows[0]!.reference}). Reload the page to make another request.`,
    );
    expect(await balances(app.services.db, m.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
  });

  it("Bank Details Missing before bank details are saved", async () => {
    const m = await member({ balanceKobo: 5_000n, bank: false });
    expect(pageText((await m.client.get("/profile")).body)).toContain("Add your bank details before withdrawing.");
    const res = await withdraw(m.client, "20", await freshKey(m.client));
    await expectRefused(
      m,
      res,
      400,
      "Bank Details Missing",
      "Please add your bank account details before withdrawing.",
    );
    // One refusal at a time: the refusal above the form stands in for the note that said the same.
    expect(pageText(res.body)).not.toContain("Add your bank details before withdrawing.");
  });

  it("Insufficient Funds above the available balance (held money does not count)", async () => {
    const m = await member({ balanceKobo: 5_000n });
    const res = await withdraw(m.client, "50.01", await freshKey(m.client));
    await expectRefused(
      m,
      res,
      400,
      "Insufficient Funds",
      "You do not have enough balance to withdraw this amount. Your available balance is ₦50.00.",
    );
    expect(res.body).toContain('value="50.01"'); // the amount stays in the field

    expect((await withdraw(m.client, "30", await freshKey(m.client))).status).toBe(302);
    const more = await withdraw(m.client, "30", await freshKey(m.client));
    expect(more.status).toBe(400);
    expect(more.body).toContain("Insufficient Funds");
    expect(await withdrawalsOf(m.id)).toHaveLength(1);
  });

  it("names the minimum and the maximum from the settings", async () => {
    const m = await member({ balanceKobo: 500_000n });
    const low = await withdraw(m.client, "9.99", await freshKey(m.client));
    await expectRefused(m, low, 400, "Amount Below Minimum", "The minimum withdrawal is ₦10.00.");
    const high = await withdraw(m.client, "1000.01", await freshKey(m.client));
    await expectRefused(m, high, 400, "Amount Above Maximum", "The maximum withdrawal is ₦1,000.00.");

    // Both ends are allowed.
    expect((await withdraw(m.client, "10", await freshKey(m.client))).status).toBe(302);
    expect((await withdraw(m.client, "1,000.00", await freshKey(m.client))).status).toBe(302);

    // The page follows the settings.
    await app.services.db
      .update(appSettings)
      .set({ minWithdrawalKobo: 50_000n, withdrawalFeeBps: 250 })
      .where(eq(appSettings.id, 1));
    try {
      expect(pageText((await m.client.get("/profile")).body)).toContain(
        "Minimum ₦500.00 · Maximum ₦1,000.00 · Fee 2.5% of the amount",
      );
      const below = await withdraw(m.client, "499.99", await freshKey(m.client));
      expect(below.body).toContain("The minimum withdrawal is ₦500.00.");
    } finally {
      await app.services.db
        .update(appSettings)
        .set({
          minWithdrawalKobo: DEFAULT_APP_SETTINGS.minWithdrawalKobo,
          withdrawalFeeBps: DEFAULT_APP_SETTINGS.withdrawalFeeBps,
        })
        .where(eq(appSettings.id, 1));
    }
  });

  it.each([
    "0",
    "0.00",
    "",
    "   ",
    "-20",
    "-0.01",
    "20.005",
    "1.234",
    "abc",
    "1e3",
    "NaN",
    "Infinity",
    "0x14",
    "+20",
    "20,00",
    "99999999999999999999999",
    "9".repeat(5000),
  ])("Invalid Amount for a crafted amount %j, nothing written", async (amount) => {
    const m = await member({ balanceKobo: 5_000n });
    const res = await withdraw(m.client, amount, await freshKey(m.client));
    await expectRefused(m, res, 400, "Invalid Amount");
    // The amount field says what is wrong, once: the preview beside it does not repeat it.
    const errors = [...res.body.matchAll(/<p id="[^"]*-error"[^>]*role="alert"[^>]*>([^<]+)<\/p>/g)];
    expect(errors).toHaveLength(1);
    expect(pageText(res.body)).not.toContain("Enter an amount in naira with at most 2 decimal places.");
    expect(await balances(app.services.db, m.id)).toEqual({ availableKobo: 5_000n, heldKobo: 0n });
  });

  it("refuses a missing or malformed form key without touching the balance", async () => {
    const m = await member({ balanceKobo: 5_000n });
    for (const key of ["", "short", "has spaces in it here", "x".repeat(101)]) {
      const res = await withdraw(m.client, "20", key);
      await expectRefused(m, res, 400, "Withdrawal Failed", "This form has expired. Reload the page and try again.");
    }
    const noKey = await m.client.post("/profile/withdraw", { amount: "20" });
    expect(noKey.status).toBe(400);
    expect(await withdrawalsOf(m.id)).toEqual([]);
  });

  it("one member cannot replay another's form key into a second withdrawal of theirs, nor touch theirs", async () => {
    const a = await member({ balanceKobo: 5_000n });
    const b = await member({ balanceKobo: 5_000n });
    const key = await freshKey(a.client);
    expect((await withdraw(a.client, "20", key)).status).toBe(302);
    expect((await withdraw(b.client, "20", key)).status).toBe(302); // the key is per member
    expect(await withdrawalsOf(a.id)).toHaveLength(1);
    expect(await withdrawalsOf(b.id)).toHaveLength(1);
  });

  it("a member pending approval cannot request a withdrawal: Account Not Approved, nothing held", async () => {
    const m = await member({ balanceKobo: 5_000n, isApproved: false });
    const page = await m.client.get("/profile");
    expect(pageText(page.body)).toContain(
      "Your account needs to be approved by an admin before you can request withdrawals.",
    );
    const res = await withdraw(m.client, "20", await freshKey(m.client));
    await expectRefused(
      m,
      res,
      403,
      "Account Not Approved",
      "Your account needs to be approved by an admin to request withdrawals.",
    );
    expect(await balances(app.services.db, m.id)).toEqual({ availableKobo: 5_000n, heldKobo: 0n });
  });

  it("an admin's profile has no withdraw form, and a crafted request is refused", async () => {
    const m = await member({ role: "admin", bank: false });
    expect(pageText((await m.client.get("/profile")).body)).not.toContain("Withdraw Earnings");
    const res = await withdraw(m.client, "20", "A".repeat(21));
    await expectRefused(m, res, 403, "Withdrawal Not Allowed");
    expect(res.body).toContain("Your account cannot request withdrawals."); // the page has no form to show it on
  });

  it("shows each status with its badge colour: pending yellow, processing blue, completed green, rejected red", async () => {
    const m = await member({ balanceKobo: 100_000n });
    const ids: string[] = [];
    for (const amount of ["11", "12", "13", "14"]) {
      expect((await withdraw(m.client, amount, await freshKey(m.client))).status).toBe(302);
    }
    for (const row of await withdrawalsOf(m.id)) ids[Number(row.amountKobo / 100n) - 11] = row.id;
    await startProcessing(app.services.db, admin, ids[1]!);
    await startProcessing(app.services.db, admin, ids[2]!);
    await completeWithdrawal(app.services.db, admin, ids[2]!);
    await rejectWithdrawal(app.services.db, admin, ids[3]!);

    const tones = { pending: "yellow", processing: "blue", completed: "green", rejected: "red" };
    for (const path of ["/dashboard", "/profile"]) {
      const body = (await m.client.get(path)).body;
      for (const [status, tone] of Object.entries(tones)) {
        const badge = new RegExp(`<span[^>]*class="([^"]*)"[^>]*data-status="${status}"[^>]*>([^<]*)</span>`).exec(
          body,
        );
        expect(badge, `${path} ${status}`).not.toBeNull();
        expect(badge![1]).toContain(tone);
        expect(badge![2]).toBe(status[0]!.toUpperCase() + status.slice(1));
      }
      expect(body, path).not.toContain(GTB_ACCOUNT);
    }
    // Completed shows when it was paid; the rejected amount is back in the balance.
    expect(pageText((await m.client.get("/profile")).body)).toMatch(/₦13\.00 Completed .* Paid \d{1,2} \w{3} \d{4}/);
    expect(await balances(app.services.db, m.id)).toEqual({
      availableKobo: 100_000n - 1_100n - 1_200n - 1_300n,
      heldKobo: 1_100n + 1_200n,
    });
  });
});
