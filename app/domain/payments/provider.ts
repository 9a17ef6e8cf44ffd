import type { Kobo } from "~/domain/shared/money";

/**
 * What AdNaira asks of a payment provider (Paystack, app/server/paystack.server.ts), in its own
 * words. Domain functions get a `PaymentProvider` as an argument, like `db`; without
 * PAYSTACK_SECRET_KEY there is none and the manual rails (bank transfer with a reference, payout
 * files) are the only ones. See docs/decisions/023-paystack.md.
 *
 * Every call answers a union on `status`. `unavailable` means the outcome is not known (a
 * timeout, a network error, a 5xx): for anything that moves money, the caller verifies by
 * reference before it tries again, never sends a second one blind.
 */

/** Every payment we ask for and every transfer we send is in naira; anything else is held, never booked. */
export const PROVIDER_CURRENCY = "NGN";

/** No answer we can rely on: timeout, network error, 5xx, or a body that is not the provider's envelope. */
export type ProviderUnavailable = { status: "unavailable"; detail: string };

/** The provider answered and said no (4xx with its message): nothing was created. */
export type ProviderRefused = { status: "refused"; message: string };

/** Paystack's transaction statuses (GET /transaction/verify/:reference, `data.status`). */
export type PaymentOutcome =
  "success" | "failed" | "abandoned" | "ongoing" | "pending" | "processing" | "queued" | "reversed";

/** A collected payment as the provider reports it (verify, or a charge.success event). */
export type ProviderPaymentReport = {
  reference: string;
  outcome: PaymentOutcome;
  /** The provider's transaction id. */
  providerTransactionId: string;
  amountKobo: Kobo;
  /** "NGN" for every payment we ask for; anything else is held, never booked. */
  currency: string;
  /** What the provider kept; 0 when it reports none. */
  feesKobo: Kobo;
  paidAt: Date | null;
  /** The provider's words for the outcome ("Approved", "Declined"…). */
  gatewayResponse: string | null;
};

export type InitializePaymentInput = {
  reference: string;
  amountKobo: Kobo;
  /** The payer's email: the provider sends its receipt there. */
  email: string;
  /** Where the checkout sends the payer back (with `?reference=`). */
  callbackUrl: string;
  metadata?: Record<string, string>;
};

export type InitializedPayment =
  | { status: "ok"; authorizationUrl: string; accessCode: string; reference: string }
  | ProviderRefused
  | ProviderUnavailable;

export type VerifiedPayment =
  { status: "found"; payment: ProviderPaymentReport } | { status: "not-found" } | ProviderUnavailable;

export type ResolvedAccount =
  | { status: "ok"; accountName: string; accountNumber: string }
  /** The bank knows no such account (or the provider cannot resolve this bank). */
  | { status: "not-resolved"; message: string }
  | ProviderUnavailable;

export type TransferRecipientInput = { name: string; accountNumber: string; bankCode: string };
export type CreatedRecipient =
  { status: "ok"; recipientCode: string; accountName: string } | ProviderRefused | ProviderUnavailable;

/** Paystack's transfer statuses (`data.status` of a transfer). */
export type TransferOutcome =
  | "pending"
  | "success"
  | "failed"
  | "reversed"
  | "otp"
  | "received"
  | "processing"
  | "abandoned"
  | "blocked"
  | "rejected";

/** A transfer as the provider reports it (initiate, verify, or a transfer.* event). */
export type ProviderTransferReport = {
  reference: string;
  transferCode: string;
  outcome: TransferOutcome;
  amountKobo: Kobo;
  currency: string;
  /** Why it failed or was reversed, when the provider says. */
  failureReason: string | null;
};

export type InitiateTransferInput = {
  /** Ours, in the provider's allowed characters (see transferReference in app/domain/withdrawals). */
  reference: string;
  amountKobo: Kobo;
  recipientCode: string;
  reason: string;
  /**
   * Ends the request (an unknown outcome) when it fires: the sender's own time limit, from the
   * moment it recorded the request as sent, so no request outlives the limit the rules count on.
   */
  signal?: AbortSignal;
};

export type InitiatedTransfer =
  { status: "ok"; transfer: ProviderTransferReport } | ProviderRefused | ProviderUnavailable;
export type VerifiedTransfer =
  { status: "found"; transfer: ProviderTransferReport } | { status: "not-found" } | ProviderUnavailable;

/** Paystack's settlement statuses (GET /settlement, `status`). */
export type SettlementOutcome = "pending" | "processing" | "success" | "failed";

/** A settlement as the provider lists it: its payout of what it holds for us to our bank account. */
export type ProviderSettlementReport = {
  /** The provider's settlement id. */
  providerSettlementId: string;
  outcome: SettlementOutcome;
  /** What reaches the bank, after the provider's deductions (Paystack's `effective_amount`). */
  amountKobo: Kobo;
  /** Before deductions (Paystack's `total_amount`: what it processed less its fees). */
  totalKobo: Kobo;
  currency: string;
  /** When it settles or settled (Paystack's `settlement_date`). */
  settledAt: Date | null;
};

export type ListSettlementsInput = {
  /** Only settlements from this time on (Paystack's `from`). */
  from?: Date;
  /** 1-based; the provider's default page size. */
  page?: number;
};

export type ListedSettlements =
  | { status: "ok"; settlements: ProviderSettlementReport[]; page: number; pageCount: number }
  | ProviderRefused
  | ProviderUnavailable;

/** Paystack's refund statuses (`data.status` of a refund, and its refund.* events). */
export type RefundOutcome = "pending" | "processing" | "processed" | "failed";

/** A refund as the provider reports it (create, fetch, list, or a refund.* event). */
export type ProviderRefundReport = {
  /** The provider's refund id; an event may carry none (it names the transaction). */
  providerRefundId: string | null;
  /** The refunded transaction's reference (ours: the attempt's), when the answer names it. */
  transactionReference: string | null;
  outcome: RefundOutcome;
  amountKobo: Kobo;
  currency: string;
};

export type CreateRefundInput = {
  /** The transaction's reference (the attempt's). */
  transactionReference: string;
  amountKobo: Kobo;
  /** Shown to the payer. */
  customerNote: string;
  /** Kept for the merchant. */
  merchantNote: string;
};

export type CreatedRefund = { status: "ok"; refund: ProviderRefundReport } | ProviderRefused | ProviderUnavailable;
export type FetchedRefund =
  { status: "found"; refund: ProviderRefundReport } | { status: "not-found" } | ProviderUnavailable;
export type ListedRefunds = { status: "ok"; refunds: ProviderRefundReport[] } | ProviderRefused | ProviderUnavailable;

/** A card dispute as the provider reports it (charge.dispute.* events). */
export type ProviderDisputeReport = {
  providerDisputeId: string;
  transactionReference: string;
  amountKobo: Kobo;
  currency: string;
  /** The provider's status: awaiting-merchant-feedback, awaiting-bank-feedback, pending, resolved, archived. */
  status: string;
  /** Once resolved: merchant-accepted (the payer gets the money back) or declined (the platform keeps it). */
  resolution: string | null;
  /** Why the payer disputes it (its category). */
  reason: string;
  evidenceDueAt: Date | null;
  resolvedAt: Date | null;
};

export interface PaymentProvider {
  /** POST /transaction/initialize: a checkout for one payment. */
  initializePayment(input: InitializePaymentInput): Promise<InitializedPayment>;
  /** GET /transaction/verify/:reference. */
  verifyPayment(reference: string): Promise<VerifiedPayment>;
  /** GET /bank/resolve?account_number=&bank_code= (our bank code; the adapter maps it). */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount>;
  /** POST /transferrecipient (type nuban, currency NGN). */
  createTransferRecipient(input: TransferRecipientInput): Promise<CreatedRecipient>;
  /** POST /transfer (source balance). */
  initiateTransfer(input: InitiateTransferInput): Promise<InitiatedTransfer>;
  /** GET /transfer/verify/:reference. */
  verifyTransfer(reference: string): Promise<VerifiedTransfer>;
  /** GET /settlement: the provider's payouts to our bank account, newest first, a page at a time. */
  listSettlements(input?: ListSettlementsInput): Promise<ListedSettlements>;
  /** POST /refund: refunds (part of) a collected payment. */
  createRefund(input: CreateRefundInput): Promise<CreatedRefund>;
  /** GET /refund/:id. */
  fetchRefund(providerRefundId: string): Promise<FetchedRefund>;
  /** GET /refund?transaction=: the refunds of one transaction, by its id (how an unanswered refund is found). */
  listRefunds(providerTransactionId: string): Promise<ListedRefunds>;
}

/** A verified webhook event, in our words. Events we do not act on are `other`. */
export type ProviderEvent =
  | { event: "charge.success"; payment: ProviderPaymentReport }
  | { event: "transfer.success" | "transfer.failed" | "transfer.reversed"; transfer: ProviderTransferReport }
  | {
      event: "refund.pending" | "refund.processing" | "refund.processed" | "refund.failed";
      refund: ProviderRefundReport;
    }
  | {
      event: "charge.dispute.create" | "charge.dispute.remind" | "charge.dispute.resolve";
      dispute: ProviderDisputeReport;
    }
  | { event: "other"; name: string };
