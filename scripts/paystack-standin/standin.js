// @ts-check
/**
 * A stand-in for Paystack (https://paystack.com/docs/api/): the subset of its API AdNaira uses,
 * with Paystack's paths, request fields, `{ status, message, data }` envelopes, status values and
 * signed webhooks (x-paystack-signature: HMAC-SHA512 of the raw body with the secret key). It is
 * a named stand-in for a service that cannot run here, used by the tests and by local runs
 * (`npm run paystack:standin`); it is not a mock of AdNaira's code. The pages followed are cited
 * in docs/decisions/023-paystack.md.
 *
 * Served: POST /transaction/initialize, GET /transaction/verify/:reference, GET /bank/resolve,
 * POST /transferrecipient, POST /transfer, GET /transfer/verify/:reference, GET /settlement, and a
 * checkout page (GET /checkout/:accessCode) where a person or a test chooses "Pay" or "Fail".
 * State is in memory. Tests drive it through the returned object (completePayment,
 * settleTransfer, settle, setSettlementStatus, failNext, sendEvent, redeliver…).
 */
import { createHmac, randomBytes } from "node:crypto";
import express from "express";

/** @typedef {"success" | "failed" | "abandoned"} CheckoutOutcome */
/** @typedef {"server-error" | "drop" | "server-error-after-create" | "drop-after-create"} FailureMode */
/** @typedef {"transfer" | "initialize" | "verify-transfer" | "verify-transaction" | "resolve" | "settlements"} FailurePoint */
/** @typedef {"pending" | "processing" | "success" | "failed"} SettlementStatus */

/**
 * @typedef {{
 *   id: number; reference: string; amount: number; currency: string; email: string;
 *   callback_url: string | null; metadata: unknown; access_code: string; status: string;
 *   gateway_response: string | null; paid_at: string | null; created_at: string; fees: number | null;
 *   channel: string | null;
 * }} Transaction
 */
/**
 * @typedef {{
 *   id: number; reference: string; transfer_code: string; amount: number; currency: string;
 *   reason: string; recipient: string; status: string; failures: string | null;
 *   createdAt: string; updatedAt: string; transferred_at: string | null;
 * }} Transfer
 */
/**
 * A payout of the integration's balance to its settlement bank account. Paystack sends no webhook
 * for it: it is read with GET /settlement.
 * @typedef {{
 *   id: number; status: SettlementStatus; currency: string; total_amount: number; effective_amount: number;
 *   total_fees: number; total_processed: number; deductions: number | null; settlement_date: string;
 *   createdAt: string; updatedAt: string;
 * }} Settlement
 */
/** @typedef {{ event: string; reference: string | null; status: number | string; at: string; body: string; signature: string }} Delivery */

const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
/** @param {number} n */
const code = (n) => Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join("");

/**
 * Paystack's local-card fee: 1.5% + ₦100 (the ₦100 waived under ₦2,500), capped at ₦2,000; in kobo.
 * @param {number} amountKobo
 */
export function paystackLocalFee(amountKobo) {
  const percent = Math.round(amountKobo * 0.015);
  const flat = amountKobo < 250_000 ? 0 : 10_000;
  return Math.min(percent + flat, 200_000);
}

/**
 * @param {{
 *   secretKey: string;
 *   webhookUrl?: string;
 *   port?: number;
 *   host?: string;
 *   publicUrl?: string;
 *   resolveAnyAccount?: boolean;
 *   settleTransfersAfterMs?: number;
 *   transferDelayMs?: number;
 *   log?: (line: string) => void;
 * }} options
 */
export async function startPaystackStandin(options) {
  const { secretKey } = options;
  let webhookUrl = options.webhookUrl;
  const log = options.log ?? (() => {});
  /** @type {Map<string, Transaction>} */
  const transactions = new Map();
  /** @type {Map<string, Transfer>} */
  const transfers = new Map();
  /** @type {Map<string, { recipient_code: string; name: string; account_number: string; bank_code: string; account_name: string }>} */
  const recipients = new Map();
  /** @type {Map<string, string>} bank code + account number → account name */
  const accounts = new Map();
  /** @type {Settlement[]} */
  const settlements = [];
  /** @type {Delivery[]} */
  const deliveries = [];
  /** @type {Map<FailurePoint, FailureMode[]>} */
  const failures = new Map();
  const counts = {
    initializePosts: 0,
    transferPosts: 0,
    transfersCreated: 0,
    recipientsCreated: 0,
    verifyTransfer: 0,
    verifyTransaction: 0,
    resolve: 0,
    listSettlements: 0,
  };
  let nextId = 1000;
  /** How long POST /transfer takes before the transfer exists and is answered (a slow provider). */
  let transferDelayMs = options.transferDelayMs ?? 0;

  /** @param {FailurePoint} point */
  const takeFailure = (point) => failures.get(point)?.shift();

  const now = () => new Date().toISOString();

  /** @param {import("express").Response} res @param {number} status @param {string} message @param {unknown} [data] */
  const answer = (res, status, message, data) =>
    res
      .status(status)
      .json(data === undefined ? { status: status < 400, message } : { status: status < 400, message, data });

  /**
   * Applies a pending failure: "drop" destroys the socket (the caller learns nothing),
   * "server-error" answers 500. Returns true when the request was answered that way.
   * @param {import("express").Request} req @param {import("express").Response} res @param {FailureMode | undefined} mode
   */
  const fail = (req, res, mode) => {
    if (mode === "drop" || mode === "drop-after-create") {
      req.socket.destroy();
      return true;
    }
    if (mode === "server-error" || mode === "server-error-after-create") {
      answer(res, 500, "An error occurred");
      return true;
    }
    return false;
  };

  const app = express();
  app.use(express.json({ limit: "64kb" }));
  app.use(express.urlencoded({ extended: false, limit: "16kb" }));

  // Every API call needs the secret key, as at Paystack (the checkout page is the payer's).
  app.use((req, res, next) => {
    if (req.path.startsWith("/checkout/")) return next();
    if (req.headers.authorization !== `Bearer ${secretKey}`) return answer(res, 401, "Invalid key");
    next();
  });

  app.post("/transaction/initialize", (req, res) => {
    counts.initializePosts++;
    const mode = takeFailure("initialize");
    if (mode && !mode.endsWith("after-create") && fail(req, res, mode)) return;
    const { email, amount, reference, callback_url, metadata, currency } = req.body ?? {};
    const kobo = Number(amount);
    if (typeof email !== "string" || !email.includes("@")) return answer(res, 400, "Invalid Email Address Passed");
    if (!Number.isInteger(kobo) || kobo < 100) return answer(res, 400, "Invalid Amount Sent");
    if (currency !== undefined && currency !== "NGN") return answer(res, 400, "Currency not supported by merchant");
    const ref = typeof reference === "string" && reference ? reference : code(10);
    if (!/^[A-Za-z0-9.=-]+$/.test(ref)) return answer(res, 400, "Invalid transaction reference");
    if (transactions.has(ref)) return answer(res, 400, "Duplicate Transaction Reference");
    const accessCode = code(15);
    transactions.set(ref, {
      id: nextId++,
      reference: ref,
      amount: kobo,
      currency: "NGN",
      email,
      callback_url: typeof callback_url === "string" ? callback_url : null,
      metadata: metadata ?? null,
      access_code: accessCode,
      status: "abandoned", // Paystack's status for a transaction nobody has paid yet
      gateway_response: "The transaction was not completed",
      paid_at: null,
      created_at: now(),
      fees: null,
      channel: null,
    });
    if (mode && fail(req, res, mode)) return;
    answer(res, 200, "Authorization URL created", {
      authorization_url: `${publicUrl()}/checkout/${accessCode}`,
      access_code: accessCode,
      reference: ref,
    });
  });

  /** @param {Transaction} t */
  const transactionData = (t) => ({
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    message: null,
    gateway_response: t.gateway_response,
    paid_at: t.paid_at,
    created_at: t.created_at,
    channel: t.channel,
    currency: t.currency,
    metadata: t.metadata ?? "",
    fees: t.fees,
    customer: { email: t.email },
    paidAt: t.paid_at,
    createdAt: t.created_at,
    requested_amount: t.amount,
  });

  app.get("/transaction/verify/:reference", (req, res) => {
    counts.verifyTransaction++;
    if (fail(req, res, takeFailure("verify-transaction"))) return;
    const t = transactions.get(req.params.reference);
    if (!t) return answer(res, 400, "Transaction reference not found");
    answer(res, 200, "Verification successful", transactionData(t));
  });

  app.get("/bank/resolve", (req, res) => {
    counts.resolve++;
    if (fail(req, res, takeFailure("resolve"))) return;
    const accountNumber = String(req.query.account_number ?? "");
    const bankCode = String(req.query.bank_code ?? "");
    if (!/^\d{10}$/.test(accountNumber) || !bankCode) {
      return answer(res, 422, "Could not resolve account name. Check parameters or try again.");
    }
    const name =
      accounts.get(`${bankCode}:${accountNumber}`) ?? (options.resolveAnyAccount ? demoName(accountNumber) : undefined);
    if (!name) return answer(res, 422, "Could not resolve account name. Check parameters or try again.");
    answer(res, 200, "Account number resolved", {
      account_number: accountNumber,
      account_name: name,
      bank_id: Number(bankCode) || 0,
    });
  });

  app.post("/transferrecipient", (req, res) => {
    const { type, name, account_number, bank_code, currency } = req.body ?? {};
    if (type !== "nuban") return answer(res, 400, "Invalid recipient type");
    if (typeof name !== "string" || !name.trim()) return answer(res, 400, "Name is required");
    if (currency !== undefined && currency !== "NGN") return answer(res, 400, "Currency not supported");
    const accountName =
      accounts.get(`${bank_code}:${account_number}`) ??
      (options.resolveAnyAccount ? demoName(String(account_number)) : undefined);
    if (!accountName) return answer(res, 422, "Cannot resolve account");
    // Paystack returns the existing recipient for an account it already has.
    const key = `${bank_code}:${account_number}`;
    let recipient = recipients.get(key);
    if (!recipient) {
      counts.recipientsCreated++;
      recipient = { recipient_code: `RCP_${code(15)}`, name, account_number, bank_code, account_name: accountName };
      recipients.set(key, recipient);
    }
    answer(res, 201, "Transfer recipient created successfully", {
      active: true,
      currency: "NGN",
      domain: "test",
      id: nextId++,
      name: recipient.name,
      recipient_code: recipient.recipient_code,
      type: "nuban",
      details: {
        authorization_code: null,
        account_number: recipient.account_number,
        account_name: recipient.account_name,
        bank_code: recipient.bank_code,
        bank_name: null,
      },
    });
  });

  /** @param {Transfer} t */
  const transferData = (t) => ({
    amount: t.amount,
    currency: t.currency,
    domain: "test",
    failures: t.failures,
    id: t.id,
    integration: 100073,
    reason: t.reason,
    reference: t.reference,
    source: "balance",
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.transfer_code,
    transferred_at: t.transferred_at,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    recipient: recipientOf(t.recipient),
  });
  /** @param {string} recipientCode */
  const recipientOf = (recipientCode) => {
    const r = [...recipients.values()].find((x) => x.recipient_code === recipientCode);
    return r
      ? {
          recipient_code: r.recipient_code,
          name: r.name,
          type: "nuban",
          details: { account_number: r.account_number, account_name: r.account_name, bank_code: r.bank_code },
        }
      : null;
  };

  app.post("/transfer", async (req, res) => {
    counts.transferPosts++;
    const mode = takeFailure("transfer");
    // A slow provider: the transfer does not exist (GET /transfer/verify answers 404) until then.
    if (transferDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, transferDelayMs));
    // A caller that gave up meanwhile (its timeout) does not stop it: the transfer is still made.
    if (mode && !mode.endsWith("after-create") && fail(req, res, mode)) return;
    const { source, amount, recipient, reason, reference, currency } = req.body ?? {};
    const kobo = Number(amount);
    if (source !== "balance") return answer(res, 400, "Invalid transfer source");
    if (!Number.isInteger(kobo) || kobo < 100) return answer(res, 400, "Invalid amount");
    if (currency !== undefined && currency !== "NGN") return answer(res, 400, "Currency not supported");
    if (!recipientOf(String(recipient))) return answer(res, 400, "Recipient specified is invalid");
    if (typeof reference !== "string" || !/^[a-z0-9_-]{16,50}$/.test(reference)) {
      return answer(res, 400, "Reference must be 16 to 50 characters of lowercase letters, digits, '-' and '_'");
    }
    if (transfers.has(reference)) return answer(res, 400, "Duplicate Transfer Reference");
    counts.transfersCreated++;
    const t = {
      id: nextId++,
      reference,
      transfer_code: `TRF_${code(15)}`,
      amount: kobo,
      currency: "NGN",
      reason: typeof reason === "string" ? reason : "",
      recipient: String(recipient),
      status: "pending",
      failures: null,
      createdAt: now(),
      updatedAt: now(),
      transferred_at: null,
    };
    transfers.set(reference, t);
    if (options.settleTransfersAfterMs !== undefined) {
      setTimeout(
        () => void settleTransfer(reference, "success").catch(() => {}),
        options.settleTransfersAfterMs,
      ).unref();
    }
    if (mode && fail(req, res, mode)) return;
    answer(res, 200, "Transfer has been queued", transferData(t));
  });

  app.get("/transfer/verify/:reference", (req, res) => {
    counts.verifyTransfer++;
    if (fail(req, res, takeFailure("verify-transfer"))) return;
    const t = transfers.get(req.params.reference);
    if (!t) return answer(res, 404, "Transfer not found");
    answer(res, 200, "Transfer retrieved", transferData(t));
  });

  /** @param {Settlement} x */
  const settlementData = (x) => ({
    id: x.id,
    domain: "test",
    status: x.status,
    currency: x.currency,
    integration: 100073,
    total_amount: x.total_amount,
    effective_amount: x.effective_amount,
    total_fees: x.total_fees,
    total_processed: x.total_processed,
    deductions: x.deductions,
    settlement_date: x.settlement_date,
    settled_by: null,
    createdAt: x.createdAt,
    updatedAt: x.updatedAt,
  });

  // Paystack's list: newest first, `perPage` (default 50) a `page` (default 1), filtered by
  // `status` and by `from` / `to` (when the settlement was made), with its paging in `meta`.
  app.get("/settlement", (req, res) => {
    counts.listSettlements++;
    if (fail(req, res, takeFailure("settlements"))) return;
    const perPage = Number(req.query.perPage ?? 50);
    const page = Number(req.query.page ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || !Number.isInteger(page) || page < 1) {
      return answer(res, 400, "Invalid paging parameters");
    }
    const from = req.query.from ? Date.parse(String(req.query.from)) : null;
    const to = req.query.to ? Date.parse(String(req.query.to)) : null;
    if (Number.isNaN(from) || Number.isNaN(to)) return answer(res, 400, "Invalid date");
    const status = req.query.status ? String(req.query.status) : null;
    const listed = settlements
      .filter((x) => (status === null || x.status === status) && (from === null || Date.parse(x.createdAt) >= from))
      .filter((x) => to === null || Date.parse(x.createdAt) <= to)
      .sort((a, b) => b.id - a.id);
    const skipped = (page - 1) * perPage;
    res.status(200).json({
      status: true,
      message: "Settlements retrieved",
      data: listed.slice(skipped, skipped + perPage).map(settlementData),
      meta: {
        total: listed.length,
        skipped,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(listed.length / perPage)),
      },
    });
  });

  /**
   * Paystack pays (part of) the balance out to the settlement bank account: a new settlement of
   * `amountKobo` (what it settles after its fees, `total_amount`), `success` unless told, less any
   * `deductionsKobo` (`effective_amount`: what reaches the bank). Paystack sends no event for it.
   * @param {{ amountKobo: bigint | number; status?: SettlementStatus; feesKobo?: bigint | number; deductionsKobo?: bigint | number; settlementDate?: Date }} how
   */
  function settle(how) {
    const amount = Number(how.amountKobo);
    const fees = Number(how.feesKobo ?? 0);
    const deductions = Number(how.deductionsKobo ?? 0);
    /** @type {Settlement} */
    const x = {
      id: nextId++,
      status: how.status ?? "success",
      currency: "NGN",
      total_amount: amount,
      effective_amount: amount - deductions,
      total_fees: fees,
      total_processed: amount + fees,
      deductions: deductions || null,
      settlement_date: (how.settlementDate ?? new Date()).toISOString(),
      createdAt: now(),
      updatedAt: now(),
    };
    settlements.push(x);
    return settlementData(x);
  }

  /**
   * A settlement moves on (pending → processing → success, or failed); also lets a test answer
   * with an older status than before, as a stale or reordered answer would.
   * @param {number | string} id @param {SettlementStatus} status
   */
  function setSettlementStatus(id, status) {
    const x = settlements.find((s) => String(s.id) === String(id));
    if (!x) throw new Error(`No settlement ${id} at the stand-in`);
    x.status = status;
    x.updatedAt = now();
    return settlementData(x);
  }

  // The payer's checkout: a page with the amount and two buttons, as Paystack's test checkout
  // lets a tester choose a successful or a failed card.
  app.get("/checkout/:accessCode", (req, res) => {
    const t = [...transactions.values()].find((x) => x.access_code === req.params.accessCode);
    if (!t)
      return void res
        .status(404)
        .type("html")
        .send("<!doctype html><title>Not found</title><p>This checkout does not exist.</p>");
    const naira = (t.amount / 100).toLocaleString("en-NG", { style: "currency", currency: "NGN" });
    const done = t.status === "success";
    res.type("html").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack stand-in checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem}button{font-size:1rem;padding:.75rem 1rem;margin:.25rem 0;width:100%}</style></head>
<body><main><h1>Paystack stand-in</h1><p>A test checkout: no real money moves.</p>
<p>Pay <strong>${naira}</strong> to AdNaira<br>Reference: <code>${escapeHtml(t.reference)}</code></p>
${
  done
    ? "<p>This payment is complete.</p>"
    : `<form method="post"><input type="hidden" name="outcome" value="success"><button type="submit">Pay ${naira}</button></form>
<form method="post"><input type="hidden" name="outcome" value="failed"><button type="submit">Fail the payment</button></form>`
}</main></body></html>`);
  });

  app.post("/checkout/:accessCode", async (req, res) => {
    const t = [...transactions.values()].find((x) => x.access_code === req.params.accessCode);
    if (!t) return void res.status(404).type("text").send("This checkout does not exist.");
    const outcome = req.body?.outcome === "success" ? "success" : "failed";
    await completePayment(t.reference, { outcome });
    if (!t.callback_url) return void res.type("text").send(`Payment ${outcome}.`);
    const back = new URL(t.callback_url);
    back.searchParams.set("trxref", t.reference);
    back.searchParams.set("reference", t.reference);
    res.redirect(303, back.toString());
  });

  /**
   * What the checkout's buttons do: settles the transaction and, on success, sends charge.success.
   * @param {string} reference
   * @param {{ outcome: CheckoutOutcome; amountKobo?: bigint | number; currency?: string; webhook?: boolean }} how
   */
  async function completePayment(reference, how) {
    const t = transactions.get(reference);
    if (!t) throw new Error(`No transaction ${reference} at the stand-in`);
    if (how.amountKobo !== undefined) t.amount = Number(how.amountKobo);
    if (how.currency !== undefined) t.currency = how.currency;
    t.status = how.outcome;
    t.channel = "card";
    if (how.outcome === "success") {
      t.gateway_response = "Successful";
      t.paid_at = now();
      t.fees = paystackLocalFee(t.amount);
      if (how.webhook ?? true) await sendEvent("charge.success", transactionData(t));
    } else {
      t.gateway_response = how.outcome === "failed" ? "Declined" : "The transaction was not completed";
    }
    return transactionData(t);
  }

  /**
   * Settles a transfer as the bank's answer would, and sends transfer.success / failed / reversed.
   * @param {string} reference
   * @param {"success" | "failed" | "reversed"} outcome
   * @param {{ reason?: string; webhook?: boolean }} [how]
   */
  async function settleTransfer(reference, outcome, how = {}) {
    const t = transfers.get(reference);
    if (!t) throw new Error(`No transfer ${reference} at the stand-in`);
    t.status = outcome;
    t.updatedAt = now();
    if (outcome === "success") t.transferred_at = now();
    t.failures =
      outcome === "success"
        ? null
        : (how.reason ?? (outcome === "failed" ? "Account not found" : "Transfer reversed by the bank"));
    const data = { ...transferData(t), gateway_response: t.failures };
    if (how.webhook ?? true) await sendEvent(`transfer.${outcome}`, data);
    return data;
  }

  /**
   * Sends a signed webhook (or one with the given signature) `times` times, in order.
   * @param {string} event @param {unknown} data @param {{ times?: number; signature?: string }} [how]
   */
  async function sendEvent(event, data, how = {}) {
    const body = JSON.stringify({ event, data });
    const signature = how.signature ?? createHmac("sha512", secretKey).update(body).digest("hex");
    const reference = /** @type {{ reference?: string }} */ (data)?.reference ?? null;
    for (let i = 0; i < (how.times ?? 1); i++) {
      deliveries.push(await deliver({ event, reference, body, signature }));
    }
  }

  /** @param {{ event: string; reference: string | null; body: string; signature: string }} d @returns {Promise<Delivery>} */
  async function deliver(d) {
    if (!webhookUrl) return { ...d, status: "no webhook URL", at: now() };
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": d.signature },
        body: d.body,
        signal: AbortSignal.timeout(10_000),
      });
      log(`webhook ${d.event} ${d.reference ?? ""} → ${response.status}`);
      return { ...d, status: response.status, at: now() };
    } catch (err) {
      return { ...d, status: `error: ${err instanceof Error ? err.message : String(err)}`, at: now() };
    }
  }

  const server = await new Promise((resolve) => {
    const s = app.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve(s));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  const baseUrl = `http://${options.host ?? "127.0.0.1"}:${address.port}`;
  const publicUrl = () => options.publicUrl ?? baseUrl;

  return {
    baseUrl,
    counts,
    deliveries,
    /** @param {string} url */
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    /** Each POST /transfer takes this long from now on. @param {number} ms */
    setTransferDelay(ms) {
      transferDelayMs = ms;
    },
    /** @param {string} reference */
    transaction: (reference) => {
      const t = transactions.get(reference);
      return t ? transactionData(t) : undefined;
    },
    transfers: () => [...transfers.values()].map(transferData),
    /** @param {string} bankCode @param {string} accountNumber @param {string} accountName */
    setAccount(bankCode, accountNumber, accountName) {
      accounts.set(`${bankCode}:${accountNumber}`, accountName);
    },
    /** @param {FailurePoint} point @param {FailureMode} mode */
    failNext(point, mode) {
      failures.set(point, [...(failures.get(point) ?? []), mode]);
    },
    completePayment,
    settleTransfer,
    settle,
    setSettlementStatus,
    settlements: () => settlements.map(settlementData),
    sendEvent,
    /** Sends delivery `i` again, byte for byte (a duplicate, or an old event after a newer one). @param {number} i */
    async redeliver(i) {
      const d = deliveries[i];
      if (!d) throw new Error(`No delivery ${i}`);
      deliveries.push(await deliver(d));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** @typedef {Awaited<ReturnType<typeof startPaystackStandin>>} PaystackStandin */

/** @param {string} s */
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const DEMO_NAMES = [
  "ADAEZE OKAFOR",
  "BABATUNDE ADEYEMI",
  "CHINEDU NWOSU",
  "FATIMA BELLO",
  "IFEOMA EZE",
  "MUSA ABDULLAHI",
];
/** A made-up, stable name for any account, for local runs (`resolveAnyAccount`). @param {string} accountNumber */
function demoName(accountNumber) {
  const sum = [...accountNumber].reduce((a, c) => a + Number(c), 0);
  return DEMO_NAMES[sum % DEMO_NAMES.length] ?? "ADAEZE OKAFOR";
}
