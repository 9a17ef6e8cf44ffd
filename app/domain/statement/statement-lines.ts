import type { ProviderPaymentStatus } from "~/domain/payments/payment-status";
import { csvCell } from "~/domain/shared/csv";
import { formatKobo, koboToDecimal, type Kobo } from "~/domain/shared/money";
import type { WithdrawalStatus } from "~/domain/withdrawals/lifecycle";
import { formatLagosDateTime } from "~/lib/lagos-time";

/**
 * A member's statement: every movement of their money, read from the ledger (their available and
 * held accounts), with the lines that move nothing but that a member must see to trust the rest —
 * a referral reward on hold or voided, an upgrade paid outside the balance (bank transfer or
 * online). Client-safe: the page and the CSV use the same words.
 */

/** What a line is. Ledger kinds as the ledger names them; the rest say what they are. */
export type StatementKind =
  | "advert_reward"
  | "referral_reward"
  | "upgrade_payment"
  | "upgrade_hold"
  | "upgrade_release"
  | "withdrawal_hold"
  | "withdrawal_release"
  /** The held amount paid out: what reached the bank and the fee, one line. */
  | "withdrawal_payout"
  /** A paid transfer the bank reversed: the amount and fee held again, one line. */
  | "withdrawal_reversal"
  | "advertiser_deposit"
  | "campaign_funding"
  | "campaign_refund"
  | "campaign_fee"
  | "provider_fee"
  /** No money moved: the reward waits for an admin's review. */
  | "referral_held"
  /** No money moved: the reward was refused after review. */
  | "referral_voided"
  /** Paid outside the balance: by bank transfer or online. */
  | "upgrade_bank_transfer"
  | "upgrade_online"
  /** No money moved in the balance: a payment made online given back through Paystack (a refund). */
  | "payment_refund"
  /** No money moved in the balance: a card dispute of a payment made online, by its state. */
  | "payment_dispute_open"
  | "payment_dispute_won"
  | "payment_dispute_lost";

/** Which balance a line changes: the available balance, money held for the member, or neither. */
export type StatementEffect = "available" | "held" | "none";

export type WithdrawalTimeline = {
  reference: string;
  status: WithdrawalStatus;
  /** What left the balance, and the fee kept from it (the bank receives amount − fee). */
  amountKobo: Kobo;
  feeKobo: Kobo;
  requestedAt: Date;
  processingAt: Date | null;
  /** Paid through the payment provider: when the transfer went, and its code. */
  sentAt: Date | null;
  transferCode: string | null;
  /** Paid through a payout file: its reference and when it was downloaded. */
  payoutBatch: string | null;
  exportedAt: Date | null;
  paidAt: Date | null;
  rejectedAt: Date | null;
  bankName: string;
  accountNumberLast4: string;
};

export type UpgradePayment = {
  reference: string;
  tierName: string;
  method: "balance" | "bank_transfer" | "online";
  status: "pending" | "approved" | "rejected" | "cancelled";
  /** Paid online: the provider's transaction reference and what it says of it. */
  providerReference: string | null;
  providerStatus: ProviderPaymentStatus | null;
};

/** One statement line as the domain reads it. */
export type StatementLine = {
  id: string;
  kind: StatementKind;
  at: Date;
  /** Signed: + into the member's money, − out of it. On a line with no effect, the sum it is about. */
  amountKobo: Kobo;
  effect: StatementEffect;
  /** The available balance after this line (the running balance). */
  balanceKobo: Kobo;
  /** Money held for the member after this line (withdrawals and upgrades waiting). */
  heldKobo: Kobo;
  advertTitle: string | null;
  referredName: string | null;
  withdrawal: WithdrawalTimeline | null;
  upgrade: UpgradePayment | null;
  /** A refund's or a dispute's line: the reference of the payment it undoes. */
  paymentReference?: string | null;
};

/**
 * What a line did to the available balance — the only money the In and Out columns count, so
 * that for any stretch of lines In − Out is the balance's change. A line on held money (a
 * withdrawal paid out of what its request held) or outside the balance (an upgrade paid online)
 * moves nothing here: its money already left the balance, or never entered it.
 */
export const balanceMovement = (line: Pick<StatementLine, "effect" | "amountKobo">): Kobo =>
  line.effect === "available" ? line.amountKobo : 0n;

/** Who reads the statement: the member ("your bank") or staff on the member's page ("their bank"). */
export type StatementVoice = "member" | "staff";

const WORDS = {
  member: { your: "your", you: "you" },
  staff: { your: "their", you: "they" },
} as const;

export const UPGRADE_STATUS_WORDS: Record<UpgradePayment["status"], string> = {
  pending: "waiting",
  approved: "approved",
  rejected: "rejected",
  cancelled: "cancelled",
};

/** An online payment in words, from what the provider said of it ("Upgrade to Advert Bronze paid online"). */
const ONLINE_PAYMENT_WORDS: Record<ProviderPaymentStatus, string> = {
  initialized: ": online payment not confirmed yet",
  succeeded: " paid online",
  failed: ": online payment failed, nothing paid",
  abandoned: ": online payment not completed, nothing paid",
  held: " paid online, payment held for review",
};

function upgradeOutside(line: StatementLine, your: string): string {
  const u = line.upgrade;
  const tier = u?.tierName ?? "a new tier";
  if (line.kind === "upgrade_online") {
    return `Upgrade to ${tier}${ONLINE_PAYMENT_WORDS[u?.providerStatus ?? "initialized"]} (not from ${your} balance)`;
  }
  const status = u?.status ?? "pending";
  const words =
    status === "approved"
      ? "paid by bank transfer"
      : status === "pending"
        ? "by bank transfer, waiting for the payment to be confirmed"
        : `by bank transfer, ${UPGRADE_STATUS_WORDS[status]}`;
  return `Upgrade to ${tier} ${words} (not from ${your} balance)`;
}

const naira = (kobo: Kobo) => formatKobo(kobo);
const withdrawalRef = (line: StatementLine) =>
  line.withdrawal ? `Withdrawal ${line.withdrawal.reference}` : "Withdrawal";

/** The line's description, in the reader's words. */
export function describeLine(line: StatementLine, voice: StatementVoice = "member"): string {
  const { your } = WORDS[voice];
  const tier = line.upgrade?.tierName ?? "a new tier";
  const w = line.withdrawal;
  switch (line.kind) {
    case "advert_reward":
      return line.advertTitle ? `Advert reward: ${line.advertTitle}` : "Advert reward";
    case "referral_reward":
      return line.referredName ? `Referral reward for ${line.referredName}` : "Referral reward";
    case "referral_held":
      return `Referral reward${line.referredName ? ` for ${line.referredName}` : ""} on hold for review (not paid yet)`;
    case "referral_voided":
      return `Referral reward${line.referredName ? ` for ${line.referredName}` : ""} voided after review (not paid)`;
    case "upgrade_hold":
      return `Upgrade to ${tier}: price held from ${your} balance`;
    case "upgrade_release":
      return `Upgrade to ${tier} ${line.upgrade ? UPGRADE_STATUS_WORDS[line.upgrade.status] : "ended"}: price returned to ${your} balance`;
    case "upgrade_payment":
      return `Upgrade to ${tier} paid with the price held from ${your} balance`;
    case "upgrade_bank_transfer":
    case "upgrade_online":
      return upgradeOutside(line, your);
    case "withdrawal_hold":
      return w
        ? `${withdrawalRef(line)} requested: ${naira(w.amountKobo - w.feeKobo)} to ${your} bank${w.feeKobo > 0n ? `, ${naira(w.feeKobo)} fee` : ""}`
        : `${withdrawalRef(line)} requested`;
    case "withdrawal_release":
      return `${withdrawalRef(line)} rejected: amount returned to ${your} balance`;
    case "withdrawal_payout":
      return w
        ? `${withdrawalRef(line)} paid to ${your} bank: ${naira(w.amountKobo - w.feeKobo)} sent${w.feeKobo > 0n ? `, ${naira(w.feeKobo)} fee` : ""}`
        : `${withdrawalRef(line)} paid to ${your} bank`;
    case "withdrawal_reversal":
      return `${withdrawalRef(line)} transfer reversed by the bank: amount held again`;
    case "advertiser_deposit":
      return "Campaign payment received";
    case "campaign_funding":
      return "Campaign budget set aside";
    case "campaign_refund":
      return "Unspent campaign budget returned";
    case "campaign_fee":
      return "Campaign fee";
    case "provider_fee":
      return "Payment provider fee";
    case "payment_refund":
      return `Refund of ${your} payment ${line.paymentReference ?? ""}: paid back to the card or account it came from`;
    case "payment_dispute_open":
      return `Card dispute of ${your} payment ${line.paymentReference ?? ""}: waiting for the bank's decision`;
    case "payment_dispute_won":
      return `Card dispute of ${your} payment ${line.paymentReference ?? ""}: decided, the payment stands`;
    case "payment_dispute_lost":
      return `Card dispute of ${your} payment ${line.paymentReference ?? ""}: the bank paid it back`;
  }
}

/**
 * Where a line's money was, in the statement's "Affects" words: the balance, held money, or —
 * for a line outside the balance — where the money came from (an online payment through
 * Paystack, a bank transfer) or that nothing was paid.
 */
export function lineSource(line: StatementLine, voice: StatementVoice = "member"): string {
  const { your } = WORDS[voice];
  if (line.effect === "available") return "Balance";
  if (line.effect === "held") return `Held money: ${your} balance does not change`;
  switch (line.kind) {
    case "referral_held":
      return "Nothing yet: the reward is on hold";
    case "referral_voided":
      return "Nothing: the reward was voided";
    case "upgrade_online": {
      const status = line.upgrade?.providerStatus ?? "initialized";
      if (status === "succeeded") return "Paid online through Paystack";
      if (status === "held") return "Paid online through Paystack, held for review";
      if (status === "initialized") return "Nothing yet: the online payment is not confirmed";
      return "Nothing: the online payment did not go through";
    }
    case "upgrade_bank_transfer": {
      const status = line.upgrade?.status ?? "pending";
      if (status === "approved") return "Paid by bank transfer";
      if (status === "pending") return "Bank transfer, waiting for confirmation";
      return "Nothing: the bank transfer was not accepted";
    }
    case "payment_refund":
      return `Paid back through Paystack (not from ${your} balance)`;
    case "payment_dispute_lost":
      return `Paid back by the bank (not from ${your} balance)`;
    default:
      return `Nothing: ${your} balance does not change`;
  }
}

export type TimelineStep = { label: string; at: string | null; detail?: string };

/**
 * A withdrawal's steps: requested → processing → sent (with the transfer code) or in a payout file
 * (its reference) → paid; or rejected, the amount returned.
 */
export function withdrawalSteps(w: WithdrawalTimeline, voice: StatementVoice = "member"): TimelineStep[] {
  const { your } = WORDS[voice];
  const at = (d: Date | null) => (d ? formatLagosDateTime(d) : null);
  const steps: TimelineStep[] = [{ label: "Requested", at: at(w.requestedAt) }];
  if (w.rejectedAt) {
    steps.push({ label: `Rejected, amount returned to ${your} balance`, at: at(w.rejectedAt) });
    return steps;
  }
  if (w.processingAt) steps.push({ label: "Processing", at: at(w.processingAt) });
  if (w.sentAt) steps.push({ label: `Sent to ${your} bank`, at: at(w.sentAt), detail: w.transferCode ?? undefined });
  if (w.exportedAt) {
    steps.push({ label: "In a bank payout file", at: at(w.exportedAt), detail: w.payoutBatch ?? undefined });
  }
  if (w.paidAt) steps.push({ label: "Paid", at: at(w.paidAt) });
  return steps;
}

/** One line as the page shows it: every figure formatted on the server. */
export type StatementItem = {
  id: string;
  kind: StatementKind;
  date: string;
  description: string;
  /** In or out of the balance: "+₦50.00" / "−₦1,000.00"; otherwise the sum the line is about, "₦490.00". */
  amount: string;
  direction: "in" | "out" | "none";
  effect: StatementEffect;
  /** Where the money was (shown under the balance when it is not the balance itself). */
  source: string | null;
  balance: string;
  held: string | null;
  withdrawal: { reference: string; status: WithdrawalStatus; steps: TimelineStep[]; to: string } | null;
  upgrade: { reference: string; method: string; status: string; providerReference: string | null } | null;
};

export const signedNaira = (kobo: Kobo) => `${kobo < 0n ? "−" : "+"}${formatKobo(kobo < 0n ? -kobo : kobo)}`;
const unsigned = (kobo: Kobo) => (kobo < 0n ? -kobo : kobo);

const METHOD_WORDS: Record<UpgradePayment["method"], string> = {
  balance: "From the balance",
  bank_transfer: "By bank transfer",
  online: "Online",
};

export function toStatementItem(line: StatementLine, voice: StatementVoice): StatementItem {
  const u = line.upgrade;
  const moved = balanceMovement(line);
  return {
    id: line.id,
    kind: line.kind,
    date: formatLagosDateTime(line.at),
    description: describeLine(line, voice),
    amount: line.effect === "available" ? signedNaira(moved) : formatKobo(unsigned(line.amountKobo)),
    direction: line.effect !== "available" ? "none" : moved < 0n ? "out" : "in",
    effect: line.effect,
    source: line.effect === "available" ? null : lineSource(line, voice),
    balance: formatKobo(line.balanceKobo),
    held: line.heldKobo > 0n ? formatKobo(line.heldKobo) : null,
    // The timeline on the line that opened the withdrawal; the later lines name its reference.
    withdrawal:
      line.withdrawal && line.kind === "withdrawal_hold"
        ? {
            reference: line.withdrawal.reference,
            status: line.withdrawal.status,
            steps: withdrawalSteps(line.withdrawal, voice),
            to: `${line.withdrawal.bankName} ending ${line.withdrawal.accountNumberLast4}`,
          }
        : null,
    upgrade:
      u && (line.kind === "upgrade_hold" || line.kind === "upgrade_bank_transfer" || line.kind === "upgrade_online")
        ? {
            reference: u.reference,
            method: METHOD_WORDS[u.method],
            // After a "·" like the method before it: "Online · Ref UPG-… · Approved".
            status: UPGRADE_STATUS_WORDS[u.status].replace(/^./, (c) => c.toUpperCase()),
            providerReference: u.providerReference,
          }
        : null,
  };
}

/** A stretch of the statement: the balance before it, what came in and went out, the balance after. */
export type StatementSummary = { openingKobo: Kobo; inKobo: Kobo; outKobo: Kobo; closingKobo: Kobo };

/**
 * The statement as CSV (RFC 4180, formula-safe cells): newest first, as the page lists it. In and
 * Out hold only what entered and left the available balance (so their sums' difference is the
 * balance's change); a line on held money or outside the balance has its sum under "Not in the
 * balance" and says where the money was under "Affects".
 */
export function statementCsv(lines: readonly StatementLine[]): string {
  // Amounts never carry a sign: a cell starting with "-" would be taken for a formula (and
  // neutralised by csvCell).
  const header = [
    "Date (Africa/Lagos)",
    "Description",
    "In (NGN)",
    "Out (NGN)",
    "Not in the balance (NGN)",
    "Affects",
    "Balance (NGN)",
    "Held (NGN)",
    "Reference",
  ];
  const records = lines.map((line) => {
    const moved = balanceMovement(line);
    const reference = line.withdrawal?.reference ?? line.upgrade?.reference ?? line.paymentReference ?? "";
    const detail = line.withdrawal?.transferCode ?? line.withdrawal?.payoutBatch ?? line.upgrade?.providerReference;
    return [
      formatLagosDateTime(line.at),
      describeLine(line),
      line.effect === "available" && moved >= 0n ? koboToDecimal(moved) : "",
      moved < 0n ? koboToDecimal(-moved) : "",
      line.effect === "available" ? "" : koboToDecimal(unsigned(line.amountKobo)),
      lineSource(line),
      koboToDecimal(line.balanceKobo),
      koboToDecimal(line.heldKobo),
      detail && detail !== reference ? `${reference} ${detail}`.trim() : reference,
    ];
  });
  return [header, ...records].map((record) => record.map(csvCell).join(",") + "\r\n").join("");
}
