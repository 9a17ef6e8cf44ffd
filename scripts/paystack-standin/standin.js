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
 * POST /transferrecipient, POST /transfer, GET /transfer/verify/:reference, GET /settlement,
 * POST /refund, GET /refund/:id, GET /refund (refund.* events as a refund moves on, and
 * charge.dispute.create/remind/resolve events through openDispute / remindDispute / resolveDispute), and a
 * checkout page (GET /checkout/:accessCode) where a person or a test chooses "Pay" or "Fail".
 * State is in memory. Tests drive it through the returned object (completePayment,
 * settleTransfer, settle, setSettlementStatus, failNext, sendEvent, redeliver…).
 */
import { createHmac, randomBytes } from "node:crypto";
import express from "express";

/** @typedef {"success" | "failed" | "abandoned"} CheckoutOutcome */
/** @typedef {"server-error" | "drop" | "server-error-after-create" | "drop-after-create"} FailureMode */
/** @typedef {"transfer" | "initialize" | "verify-transfer" | "verify-transaction" | "resolve" | "settlements" | "refund" | "fetch-refund"} FailurePoint */
/** @typedef {"pending" | "processing" | "processed" | "failed"} RefundStatus */
/**
 * A refund of a successful transaction (POST /refund): it moves pending → processing → processed
 * (or failed) as the payer's bank answers, with a refund.* event at each step.
 * @typedef {{
 *   id: number; transaction: string; amount: number; currency: string; status: RefundStatus;
 *   customer_note: string | null; merchant_note: string | null; createdAt: string; updatedAt: string;
 * }} Refund
 */
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
  /** @type {Refund[]} */
  const refunds = [];
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
    refundPosts: 0,
    refundsCreated: 0,
    fetchRefund: 0,
    listRefunds: 0,
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

  /** @param {Refund} r */
  const refundData = (r) => {
    const t = transactions.get(r.transaction);
    return {
      id: r.id,
      integration: 100073,
      domain: "test",
      transaction: t ? { id: t.id, reference: t.reference, amount: t.amount, currency: t.currency } : null,
      dispute: null,
      amount: r.amount,
      deducted_amount: r.amount,
      fully_deducted: true,
      currency: r.currency,
      channel: t?.channel ?? null,
      status: r.status,
      refunded_by: "standin@adnaira.local",
      refunded_at: r.status === "processed" ? r.updatedAt : null,
      expected_at: r.createdAt,
      customer_note: r.customer_note,
      merchant_note: r.merchant_note,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  };
  /** What a refund.* event carries: the transaction by reference, the amount and the status. @param {Refund} r */
  const refundEventData = (r) => ({
    status: r.status,
    transaction_reference: r.transaction,
    refund_reference: null,
    amount: String(r.amount),
    currency: r.currency,
    processor: "mastercard",
    customer: { email: transactions.get(r.transaction)?.email ?? null },
    integration: 100073,
    domain: "test",
  });

  // Paystack's Create Refund: `transaction` (reference or id), optional `amount` (the whole
  // transaction when left out; never more than what is left of it), `currency`, the notes.
  app.post("/refund", async (req, res) => {
    counts.refundPosts++;
    const mode = takeFailure("refund");
    if (mode && !mode.endsWith("after-create") && fail(req, res, mode)) return;
    const { transaction, amount, currency, customer_note, merchant_note } = req.body ?? {};
    const t = [...transactions.values()].find(
      (x) => x.reference === String(transaction) || String(x.id) === String(transaction),
    );
    if (!t) return answer(res, 404, "Transaction not found");
    if (t.status !== "success") return answer(res, 400, "Cannot refund a transaction that was not successful");
    if (currency !== undefined && currency !== t.currency) return answer(res, 400, "Currency mismatch");
    const refunded = refunds
      .filter((r) => r.transaction === t.reference && r.status !== "failed")
      .reduce((sum, r) => sum + r.amount, 0);
    const kobo = amount === undefined ? t.amount - refunded : Number(amount);
    if (!Number.isInteger(kobo) || kobo < 1) return answer(res, 400, "Invalid amount");
    if (kobo > t.amount - refunded) {
      return answer(res, 400, "Refund amount cannot be more than the transaction amount");
    }
    counts.refundsCreated++;
    /** @type {Refund} */
    const r = {
      id: nextId++,
      transaction: t.reference,
      amount: kobo,
      currency: t.currency,
      status: "pending",
      customer_note: typeof customer_note === "string" ? customer_note : null,
      merchant_note: typeof merchant_note === "string" ? merchant_note : null,
      createdAt: now(),
      updatedAt: now(),
    };
    refunds.push(r);
    if (mode && fail(req, res, mode)) return;
    answer(res, 200, "Refund has been queued for processing", refundData(r));
  });

  app.get("/refund/:id", (req, res) => {
    counts.fetchRefund++;
    if (fail(req, res, takeFailure("fetch-refund"))) return;
    const r = refunds.find((x) => String(x.id) === req.params.id);
    if (!r) return answer(res, 404, "Refund not found");
    answer(res, 200, "Refund retrieved", refundData(r));
  });

  // Paystack's List Refunds, filtered by `transaction` (the transaction's id), newest first.
  app.get("/refund", (req, res) => {
    counts.listRefunds++;
    if (fail(req, res, takeFailure("fetch-refund"))) return;
    const transaction = req.query.transaction ? String(req.query.transaction) : null;
    const listed = refunds
      .filter((r) => {
        if (transaction === null) return true;
        const t = transactions.get(r.transaction);
        return String(t?.id) === transaction || r.transaction === transaction;
      })
      .sort((a, b) => b.id - a.id);
    res.status(200).json({
      status: true,
      message: "Refunds retrieved",
      data: listed.map(refundData),
      meta: { total: listed.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 },
    });
  });

  /**
   * A refund moves on as the payer's bank answers (processing, processed or failed), and its
   * refund.<status> event is sent (unless `webhook: false`). Also lets a test send an older status.
   * @param {number | string} id @param {RefundStatus} status @param {{ webhook?: boolean }} [how]
   */
  async function processRefund(id, status, how = {}) {
    const r = refunds.find((x) => String(x.id) === String(id));
    if (!r) throw new Error(`No refund ${id} at the stand-in`);
    r.status = status;
    r.updatedAt = now();
    const data = refundEventData(r);
    if (how.webhook ?? true) await sendEvent(`refund.${status}`, data);
    return data;
  }

  /**
   * @typedef {{
   *   id: number; transaction: string; amount: number; currency: string; status: string;
   *   resolution: string | null; category: string; dueAt: string; resolvedAt: string | null; createdAt: string;
   * }} Dispute
   */
  /** @type {Dispute[]} */
  const disputes = [];
  /** @param {Dispute} d */
  const disputeData = (d) => {
    const t = transactions.get(d.transaction);
    return {
      id: d.id,
      refund_amount: d.amount,
      currency: d.currency,
      status: d.status,
      resolution: d.resolution,
      domain: "test",
      transaction: t
        ? { id: t.id, reference: t.reference, amount: t.amount, currency: t.currency, paid_at: t.paid_at }
        : { id: null, reference: d.transaction, amount: d.amount, currency: d.currency },
      transaction_reference: null,
      category: d.category,
      customer: { email: t?.email ?? null },
      bin: "408408",
      last4: "4081",
      dueAt: d.dueAt,
      resolvedAt: d.resolvedAt,
      evidence: null,
      attachments: null,
      note: null,
      history: [],
      messages: [],
      created_at: d.createdAt,
      updated_at: now(),
    };
  };

  /**
   * A payer disputes a transaction with their bank: charge.dispute.create is sent, with the
   * amount, the category (why) and the day evidence is due.
   * @param {string} reference
   * @param {{ amountKobo?: bigint | number; category?: string; dueAt?: Date; webhook?: boolean }} [how]
   */
  async function openDispute(reference, how = {}) {
    const t = transactions.get(reference);
    /** @type {Dispute} */
    const d = {
      id: nextId++,
      transaction: reference,
      amount: Number(how.amountKobo ?? t?.amount ?? 0),
      currency: t?.currency ?? "NGN",
      status: "awaiting-merchant-feedback",
      resolution: null,
      category: how.category ?? "chargeback",
      dueAt: (how.dueAt ?? new Date(Date.now() + 3 * 24 * 3600 * 1000)).toISOString(),
      resolvedAt: null,
      createdAt: now(),
    };
    disputes.push(d);
    const data = disputeData(d);
    if (how.webhook ?? true) await sendEvent("charge.dispute.create", data);
    return data;
  }

  /** charge.dispute.remind: the dispute is still waiting for the merchant. @param {number | string} id */
  async function remindDispute(id) {
    const d = disputes.find((x) => String(x.id) === String(id));
    if (!d) throw new Error(`No dispute ${id} at the stand-in`);
    const data = disputeData(d);
    await sendEvent("charge.dispute.remind", data);
    return data;
  }

  /**
   * charge.dispute.resolve: "merchant-accepted" (the payer gets the money back: lost) or
   * "declined" (the merchant keeps it: won).
   * @param {number | string} id @param {"merchant-accepted" | "declined"} resolution
   */
  async function resolveDispute(id, resolution) {
    const d = disputes.find((x) => String(x.id) === String(id));
    if (!d) throw new Error(`No dispute ${id} at the stand-in`);
    d.status = "resolved";
    d.resolution = resolution;
    d.resolvedAt = now();
    const data = disputeData(d);
    await sendEvent("charge.dispute.resolve", data);
    return data;
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
    refunds: () => refunds.map(refundData),
    processRefund,
    openDispute,
    remindDispute,
    resolveDispute,
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
