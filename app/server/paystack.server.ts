import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type {
  PaymentOutcome,
  PaymentProvider,
  ProviderDisputeReport,
  ProviderRefundReport,
  RefundOutcome,
  ProviderEvent,
  ProviderPaymentReport,
  ProviderSettlementReport,
  ProviderTransferReport,
  SettlementOutcome,
  ProviderUnavailable,
  TransferOutcome,
} from "~/domain/payments/provider";

/**
 * Paystack's REST API (https://paystack.com/docs/api/), as the `PaymentProvider` AdNaira uses.
 * Every answer is Paystack's envelope `{ status, message, data }`; amounts are kobo. The pages
 * followed are cited in docs/decisions/023-paystack.md, and scripts/paystack-standin/ speaks the
 * same subset for tests and local runs.
 */

export const PAYSTACK_BASE_URL = "https://api.paystack.co";
/** Where Paystack's authorization_url sends the payer (its hosted checkout). */
export const PAYSTACK_CHECKOUT_ORIGIN = "https://checkout.paystack.com";
/** Paystack answers within a few seconds; past this the outcome is treated as unknown. */
const REQUEST_TIMEOUT_MS = 10_000;

const Envelope = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
  /** A list's paging (Paystack's `meta`: total, skipped, perPage, page, pageCount). */
  meta: z.unknown().optional(),
});

const kobo = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform((v) => BigInt(v));

const TransactionData = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  reference: z.string(),
  amount: kobo,
  currency: z.string(),
  fees: kobo.nullish(),
  paid_at: z.string().nullish(),
  gateway_response: z.string().nullish(),
});

const TransferData = z.object({
  reference: z.string(),
  transfer_code: z.string(),
  status: z.string(),
  amount: kobo,
  currency: z.string().default("NGN"),
  reason: z.string().nullish(),
  failures: z.unknown().optional(),
  gateway_response: z.string().nullish(),
});

const SettlementData = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  currency: z.string().default("NGN"),
  total_amount: kobo,
  effective_amount: kobo.nullish(),
  settlement_date: z.string().nullish(),
});

/** A refund (POST /refund, GET /refund/:id, GET /refund): `transaction` is the transaction, or its id. */
const RefundData = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  amount: kobo,
  currency: z.string().default("NGN"),
  transaction: z.union([z.object({ reference: z.string().nullish() }).passthrough(), z.number(), z.string()]).nullish(),
});

/** A refund.* event's data: it names the transaction by reference (and the refund by id only sometimes). */
const RefundEventData = z.object({
  id: z.union([z.number(), z.string()]).transform(String).nullish(),
  status: z.string().optional(),
  transaction_reference: z.string(),
  amount: kobo,
  currency: z.string().default("NGN"),
});

/** A dispute (charge.dispute.* events): the transaction, the amount in dispute, its deadline and resolution. */
const DisputeData = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  refund_amount: kobo.nullish(),
  currency: z.string().nullish(),
  status: z.string(),
  resolution: z.string().nullish(),
  category: z.string().nullish(),
  dueAt: z.string().nullish(),
  resolvedAt: z.string().nullish(),
  transaction_reference: z.string().nullish(),
  transaction: z
    .object({ reference: z.string(), amount: kobo.nullish(), currency: z.string().nullish() })
    .passthrough()
    .nullish(),
});

const REFUND_OUTCOMES: readonly RefundOutcome[] = ["pending", "processing", "processed", "failed"];
/** A status Paystack may add later reads as still on its way: never as processed, never as failed. */
const refundOutcome = (status: string | undefined): RefundOutcome =>
  (REFUND_OUTCOMES as readonly string[]).includes(status ?? "") ? (status as RefundOutcome) : "pending";

function refundReport(data: z.infer<typeof RefundData>): ProviderRefundReport {
  const t = data.transaction;
  return {
    providerRefundId: data.id,
    transactionReference: typeof t === "object" && t !== null ? (t.reference ?? null) : null,
    outcome: refundOutcome(data.status),
    amountKobo: data.amount,
    currency: data.currency,
  };
}

function disputeReport(data: z.infer<typeof DisputeData>): ProviderDisputeReport | null {
  const reference = data.transaction?.reference ?? data.transaction_reference;
  if (!reference) return null;
  return {
    providerDisputeId: data.id,
    transactionReference: reference,
    amountKobo: data.refund_amount ?? data.transaction?.amount ?? 0n,
    currency: data.currency ?? data.transaction?.currency ?? "NGN",
    status: data.status,
    resolution: data.resolution ?? null,
    reason: data.category?.trim() || "Not given",
    evidenceDueAt: dateOrNull(data.dueAt),
    resolvedAt: dateOrNull(data.resolvedAt),
  };
}

const ListMeta = z.object({
  page: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
  pageCount: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
});

const SETTLEMENT_OUTCOMES: readonly SettlementOutcome[] = ["pending", "processing", "success", "failed"];

/** A status Paystack may add later reads as still on its way: never as settled. */
const settlementOutcome = (status: string): SettlementOutcome =>
  (SETTLEMENT_OUTCOMES as readonly string[]).includes(status) ? (status as SettlementOutcome) : "pending";

/** A date Paystack sent, or null when it sent none or one that does not parse (never an Invalid Date). */
function dateOrNull(value: string | null | undefined): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

function settlementReport(data: z.infer<typeof SettlementData>): ProviderSettlementReport {
  return {
    providerSettlementId: data.id,
    outcome: settlementOutcome(data.status),
    amountKobo: data.effective_amount ?? data.total_amount,
    totalKobo: data.total_amount,
    currency: data.currency,
    settledAt: dateOrNull(data.settlement_date),
  };
}

const PAYMENT_OUTCOMES: readonly PaymentOutcome[] = [
  "success",
  "failed",
  "abandoned",
  "ongoing",
  "pending",
  "processing",
  "queued",
  "reversed",
];
const TRANSFER_OUTCOMES: readonly TransferOutcome[] = [
  "pending",
  "success",
  "failed",
  "reversed",
  "otp",
  "received",
  "processing",
  "abandoned",
  "blocked",
  "rejected",
];

/** An outcome Paystack may add later reads as still in progress: never as paid, never as failed. */
const paymentOutcome = (status: string): PaymentOutcome =>
  (PAYMENT_OUTCOMES as readonly string[]).includes(status) ? (status as PaymentOutcome) : "pending";
const transferOutcome = (status: string): TransferOutcome =>
  (TRANSFER_OUTCOMES as readonly string[]).includes(status) ? (status as TransferOutcome) : "pending";

function paymentReport(data: z.infer<typeof TransactionData>): ProviderPaymentReport {
  return {
    reference: data.reference,
    outcome: paymentOutcome(data.status),
    providerTransactionId: data.id,
    amountKobo: data.amount,
    currency: data.currency,
    feesKobo: data.fees ?? 0n,
    paidAt: data.paid_at ? new Date(data.paid_at) : null,
    gatewayResponse: data.gateway_response ?? null,
  };
}

function transferReport(data: z.infer<typeof TransferData>): ProviderTransferReport {
  const outcome = transferOutcome(data.status);
  const failed = outcome === "failed" || outcome === "reversed";
  return {
    reference: data.reference,
    transferCode: data.transfer_code,
    outcome,
    amountKobo: data.amount,
    currency: data.currency,
    // `reason` is our own narration; the bank's words come as gateway_response or failures.
    failureReason: failed
      ? (data.gateway_response ?? (typeof data.failures === "string" ? data.failures : null))
      : null,
  };
}

type Answer =
  | { kind: "ok"; message: string; data: unknown; meta: unknown }
  | { kind: "refused"; httpStatus: number; message: string }
  | ProviderUnavailable;

/**
 * Maps our bank codes (app/domain/banks: CBN 3-digit for commercial banks, NIBSS 6-digit for the
 * rest) to the codes Paystack's bank list uses, where they differ.
 */
export function paystackBankCode(bankCode: string): string {
  return PAYSTACK_BANK_CODES[bankCode] ?? bankCode;
}
/**
 * Ours → Paystack's, where they differ, read from Paystack's bank list (GET /bank?country=nigeria,
 * `code`) as published in copies of its answer (sources in docs/decisions/023-paystack.md, "Paystack bank codes").
 * The commercial banks' CBN codes are Paystack's too, except Globus and Optimus (5 characters);
 * Paystack lists most microfinance banks and mobile-money operators under codes of its own
 * rather than their NIBSS institution codes. The payment service banks (1200xx) and Paga
 * (100002) are the same in both. Banks whose Paystack code could not be confirmed (LAPO, Mint,
 * Renmoney, Safe Haven, PremiumTrust) are sent with our code: an account there that Paystack
 * cannot resolve is refused with the "could not find this account" message, never saved.
 */
const PAYSTACK_BANK_CODES: Record<string, string> = {
  "103": "00103", // Globus Bank
  "107": "00107", // Optimus Bank
  "090134": "602", // Accion Microfinance Bank
  "100026": "565", // Carbon
  "090551": "51318", // FairMoney Microfinance Bank
  "090267": "50211", // Kuda Bank
  "090175": "125", // Rubies MFB
  "090325": "51310", // Sparkle Microfinance Bank
  "090110": "566", // VFD Microfinance Bank
  "090405": "50515", // Moniepoint MFB
  "100004": "999992", // OPay (listed by Paystack as "OPay" / "Paycom", OPay's company)
  "100033": "999991", // PalmPay
};

export function createPaystackProvider(options: {
  secretKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): PaymentProvider {
  const base = (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function call(method: "GET" | "POST", path: string, body?: unknown, signal?: AbortSignal): Promise<Answer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (err) {
      return { status: "unavailable", detail: err instanceof Error ? err.message : String(err) };
    }
    if (response.status >= 500) return { status: "unavailable", detail: `HTTP ${response.status}` };
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return { status: "unavailable", detail: `HTTP ${response.status} without a JSON body` };
    }
    const envelope = Envelope.safeParse(json);
    if (!envelope.success)
      return { status: "unavailable", detail: `HTTP ${response.status} without Paystack's envelope` };
    if (response.ok && envelope.data.status) {
      return { kind: "ok", message: envelope.data.message, data: envelope.data.data, meta: envelope.data.meta };
    }
    return { kind: "refused", httpStatus: response.status, message: envelope.data.message };
  }

  /** A 2xx whose data is not what Paystack documents: the outcome is not known. */
  function parseData<T extends z.ZodType>(schema: T, answer: { data: unknown }): z.infer<T> | ProviderUnavailable {
    const parsed = schema.safeParse(answer.data);
    return parsed.success ? parsed.data : { status: "unavailable", detail: "unexpected data in Paystack's answer" };
  }
  const isUnavailable = (v: unknown): v is ProviderUnavailable =>
    typeof v === "object" && v !== null && (v as { status?: unknown }).status === "unavailable";

  return {
    async initializePayment(input) {
      const answer = await call("POST", "/transaction/initialize", {
        email: input.email,
        amount: input.amountKobo.toString(),
        currency: "NGN",
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: input.metadata ?? {},
      });
      if ("status" in answer) return answer;
      if (answer.kind === "refused") return { status: "refused", message: answer.message };
      const data = parseData(
        z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
        answer,
      );
      if (isUnavailable(data)) return data;
      return {
        status: "ok",
        authorizationUrl: data.authorization_url,
        accessCode: data.access_code,
        reference: data.reference,
      };
    },

    async verifyPayment(reference) {
      const answer = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      if ("status" in answer) return answer;
      if (answer.kind === "refused") {
        // Paystack answers an unknown reference with 400 or 404 "Transaction reference not found".
        return answer.httpStatus === 404 || /not found/i.test(answer.message)
          ? { status: "not-found" }
          : { status: "unavailable", detail: answer.message };
      }
      const data = parseData(TransactionData, answer);
      if (isUnavailable(data)) return data;
      return { status: "found", payment: paymentReport(data) };
    },

    async resolveAccount({ accountNumber, bankCode }) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: paystackBankCode(bankCode) });
      const answer = await call("GET", `/bank/resolve?${query}`);
      if ("status" in answer) return answer;
      if (answer.kind === "refused") return { status: "not-resolved", message: answer.message };
      const data = parseData(z.object({ account_number: z.string(), account_name: z.string() }), answer);
      if (isUnavailable(data)) return data;
      return { status: "ok", accountName: data.account_name, accountNumber: data.account_number };
    },

    async createTransferRecipient({ name, accountNumber, bankCode }) {
      const answer = await call("POST", "/transferrecipient", {
        type: "nuban",
        name,
        account_number: accountNumber,
        bank_code: paystackBankCode(bankCode),
        currency: "NGN",
      });
      if ("status" in answer) return answer;
      if (answer.kind === "refused") return { status: "refused", message: answer.message };
      const data = parseData(
        z.object({
          recipient_code: z.string(),
          name: z.string(),
          details: z.object({ account_name: z.string().nullish() }).optional(),
        }),
        answer,
      );
      if (isUnavailable(data)) return data;
      return { status: "ok", recipientCode: data.recipient_code, accountName: data.details?.account_name ?? data.name };
    },

    async initiateTransfer(input) {
      const answer = await call(
        "POST",
        "/transfer",
        {
          source: "balance",
          amount: input.amountKobo.toString(),
          recipient: input.recipientCode,
          reason: input.reason,
          reference: input.reference,
          currency: "NGN",
        },
        input.signal,
      );
      if ("status" in answer) return answer;
      // A transfer with this reference exists already: whatever became of it, nothing was refused.
      // Its outcome is unknown until verified by reference, never "not sent".
      if (answer.kind === "refused" && /duplicate/i.test(answer.message)) {
        return { status: "unavailable", detail: answer.message };
      }
      if (answer.kind === "refused") return { status: "refused", message: answer.message };
      const data = parseData(TransferData, answer);
      if (isUnavailable(data)) return data;
      return { status: "ok", transfer: transferReport(data) };
    },

    async verifyTransfer(reference) {
      const answer = await call("GET", `/transfer/verify/${encodeURIComponent(reference)}`);
      if ("status" in answer) return answer;
      if (answer.kind === "refused") {
        return answer.httpStatus === 404 || /not found/i.test(answer.message)
          ? { status: "not-found" }
          : { status: "unavailable", detail: answer.message };
      }
      const data = parseData(TransferData, answer);
      if (isUnavailable(data)) return data;
      return { status: "found", transfer: transferReport(data) };
    },

    async listSettlements(input = {}) {
      const query = new URLSearchParams({ page: String(input.page ?? 1) });
      if (input.from) query.set("from", input.from.toISOString());
      const answer = await call("GET", `/settlement?${query}`);
      if ("status" in answer) return answer;
      if (answer.kind === "refused") return { status: "refused", message: answer.message };
      const data = parseData(z.array(SettlementData), answer);
      if (isUnavailable(data)) return data;
      // Without paging, the answer is taken as the only page.
      const meta = ListMeta.safeParse(answer.meta);
      const page = meta.success ? meta.data.page : (input.page ?? 1);
      return {
        status: "ok",
        settlements: data.map(settlementReport),
        page,
        pageCount: meta.success ? meta.data.pageCount : page,
      };
    },

    async createRefund(input) {
      const answer = await call("POST", "/refund", {
        transaction: input.transactionReference,
        amount: input.amountKobo.toString(),
        currency: "NGN",
        customer_note: input.customerNote,
        merchant_note: input.merchantNote,
      });
      if ("status" in answer) return answer;
      if (answer.kind === "refused") return { status: "refused", message: answer.message };
      const data = parseData(RefundData, answer);
      if (isUnavailable(data)) return data;
      const refund = refundReport(data);
      return { status: "ok", refund: { ...refund, transactionReference: input.transactionReference } };
    },

    async fetchRefund(providerRefundId) {
      const answer = await call("GET", `/refund/${encodeURIComponent(providerRefundId)}`);
      if ("status" in answer) return answer;
      if (answer.kind === "refused") {
        return answer.httpStatus === 404 || /not found/i.test(answer.message)
          ? { status: "not-found" }
          : { status: "unavailable", detail: answer.message };
      }
      const data = parseData(RefundData, answer);
      if (isUnavailable(data)) return data;
      return { status: "found", refund: refundReport(data) };
    },

    async listRefunds(providerTransactionId) {
      const query = new URLSearchParams({ transaction: providerTransactionId });
      const answer = await call("GET", `/refund?${query}`);
      if ("status" in answer) return answer;
      if (answer.kind === "refused") return { status: "refused", message: answer.message };
      const data = parseData(z.array(RefundData), answer);
      if (isUnavailable(data)) return data;
      return { status: "ok", refunds: data.map(refundReport) };
    },
  };
}

/**
 * Paystack signs each webhook with `x-paystack-signature`: the HMAC-SHA512 of the raw body, keyed
 * with the secret key, in hex. Compared in constant time; a missing or malformed one is false.
 */
export function paystackSignatureValid(rawBody: Buffer, signature: string | undefined, secretKey: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/** The signature Paystack would send for this body (the stand-in and the tests sign with it). */
export function paystackSignature(rawBody: string | Buffer, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/**
 * A signed webhook body, in our words; null when it is not Paystack's shape (answered 400).
 * Events we do not act on come back as `other`.
 */
export function parsePaystackEvent(rawBody: Buffer): ProviderEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return null;
  }
  const event = z.object({ event: z.string(), data: z.unknown() }).safeParse(json);
  if (!event.success) return null;
  const name = event.data.event;
  if (name === "charge.success") {
    const data = TransactionData.safeParse(event.data.data);
    return data.success ? { event: name, payment: paymentReport(data.data) } : null;
  }
  if (name === "transfer.success" || name === "transfer.failed" || name === "transfer.reversed") {
    const data = TransferData.safeParse(event.data.data);
    return data.success ? { event: name, transfer: transferReport(data.data) } : null;
  }
  if (
    name === "refund.pending" ||
    name === "refund.processing" ||
    name === "refund.processed" ||
    name === "refund.failed"
  ) {
    const data = RefundEventData.safeParse(event.data.data);
    if (!data.success) return null;
    return {
      event: name,
      refund: {
        providerRefundId: data.data.id ?? null,
        transactionReference: data.data.transaction_reference,
        // The event's name is its outcome (its data's status says the same).
        outcome: refundOutcome(name.slice("refund.".length)),
        amountKobo: data.data.amount,
        currency: data.data.currency,
      },
    };
  }
  if (name === "charge.dispute.create" || name === "charge.dispute.remind" || name === "charge.dispute.resolve") {
    const data = DisputeData.safeParse(event.data.data);
    const dispute = data.success ? disputeReport(data.data) : null;
    return dispute ? { event: name, dispute } : null;
  }
  return { event: "other", name };
}
