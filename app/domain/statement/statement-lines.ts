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
  | "withdrawal_payout"
  | "withdrawal_fee"
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
  | "upgrade_online";

/** Which balance a line changes: the available balance, money held for the member, or neither. */
export type StatementEffect = "available" | "held" | "none";

export type WithdrawalTimeline = {
  reference: string;
  status: WithdrawalStatus;
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
  providerStatus: string | null;
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
};

const METHOD_LABELS: Record<UpgradePayment["method"], string> = {
  balance: "from your balance",
  bank_transfer: "by bank transfer",
  online: "online",
};

export const UPGRADE_STATUS_WORDS: Record<UpgradePayment["status"], string> = {
  pending: "waiting",
  approved: "approved",
  rejected: "rejected",
  cancelled: "cancelled",
};

/** The line's description, in the member's words. */
export function describeLine(line: StatementLine): string {
  const w = line.withdrawal?.reference;
  const tier = line.upgrade?.tierName ?? "a new tier";
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
      return `Upgrade to ${tier}: price held from your balance`;
    case "upgrade_release":
      return `Upgrade to ${tier} ${line.upgrade ? UPGRADE_STATUS_WORDS[line.upgrade.status] : "ended"}: price returned to your balance`;
    case "upgrade_payment":
      return `Upgrade to ${tier} paid from your balance`;
    case "upgrade_bank_transfer":
    case "upgrade_online":
      return `Upgrade to ${tier} paid ${METHOD_LABELS[line.upgrade?.method ?? "online"]} (not from your balance)`;
    case "withdrawal_hold":
      return `Withdrawal ${w ?? ""} requested: amount held`.replace("  ", " ");
    case "withdrawal_release":
      return `Withdrawal ${w ?? ""} rejected: amount returned to your balance`.replace("  ", " ");
    case "withdrawal_payout":
      return `Withdrawal ${w ?? ""} paid to your bank`.replace("  ", " ");
    case "withdrawal_fee":
      return `Withdrawal ${w ?? ""} fee`.replace("  ", " ");
    case "withdrawal_reversal":
      return `Withdrawal ${w ?? ""} transfer reversed by the bank: amount held again`.replace("  ", " ");
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
  }
}

/** What the Balance column says of a line's effect. */
export const EFFECT_NOTES: Record<StatementEffect, string | null> = {
  available: null,
  held: "From held money: your balance does not change",
  none: "No change to your balance",
};

export type TimelineStep = { label: string; at: string | null; detail?: string };

/**
 * A withdrawal's steps: requested → processing → sent (with the transfer code) or in a payout file
 * (its reference) → paid; or rejected, the amount returned.
 */
export function withdrawalSteps(w: WithdrawalTimeline): TimelineStep[] {
  const at = (d: Date | null) => (d ? formatLagosDateTime(d) : null);
  const steps: TimelineStep[] = [{ label: "Requested", at: at(w.requestedAt) }];
  if (w.rejectedAt) {
    steps.push({ label: "Rejected, amount returned to your balance", at: at(w.rejectedAt) });
    return steps;
  }
  if (w.processingAt) steps.push({ label: "Processing", at: at(w.processingAt) });
  if (w.sentAt) steps.push({ label: "Sent to your bank", at: at(w.sentAt), detail: w.transferCode ?? undefined });
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
  /** "+₦50.00" / "−₦1,000.00". */
  amount: string;
  direction: "in" | "out";
  effect: StatementEffect;
  balance: string;
  held: string | null;
  withdrawal: { reference: string; status: WithdrawalStatus; steps: TimelineStep[]; to: string } | null;
  upgrade: { reference: string; method: string; status: string; providerReference: string | null } | null;
};

export const signedNaira = (kobo: Kobo) => `${kobo < 0n ? "−" : "+"}${formatKobo(kobo < 0n ? -kobo : kobo)}`;

export function toStatementItem(line: StatementLine): StatementItem {
  const u = line.upgrade;
  return {
    id: line.id,
    kind: line.kind,
    date: formatLagosDateTime(line.at),
    description: describeLine(line),
    amount: signedNaira(line.amountKobo),
    direction: line.amountKobo < 0n ? "out" : "in",
    effect: line.effect,
    balance: formatKobo(line.balanceKobo),
    held: line.heldKobo > 0n ? formatKobo(line.heldKobo) : null,
    // The timeline on the line that opened the withdrawal; the later lines name its reference.
    withdrawal:
      line.withdrawal && line.kind === "withdrawal_hold"
        ? {
            reference: line.withdrawal.reference,
            status: line.withdrawal.status,
            steps: withdrawalSteps(line.withdrawal),
            to: `${line.withdrawal.bankName} ending ${line.withdrawal.accountNumberLast4}`,
          }
        : null,
    upgrade:
      u && (line.kind === "upgrade_hold" || line.kind === "upgrade_bank_transfer" || line.kind === "upgrade_online")
        ? {
            reference: u.reference,
            method: METHOD_LABELS[u.method]
              .replace(/^from /, "From ")
              .replace(/^by /, "By ")
              .replace(/^online$/, "Online"),
            // After a "·" like the method before it: "Online · Ref UPG-… · Approved".
            status: UPGRADE_STATUS_WORDS[u.status].replace(/^./, (c) => c.toUpperCase()),
            providerReference: u.providerReference,
          }
        : null,
  };
}

/** The statement as CSV (RFC 4180, formula-safe cells): newest first, as the page lists it. */
export function statementCsv(lines: readonly StatementLine[]): string {
  // Money in and out in two unsigned columns: a cell starting with "-" would be taken for a
  // formula (and neutralised by csvCell), so amounts never carry a sign.
  const header = [
    "Date (Africa/Lagos)",
    "Description",
    "In (NGN)",
    "Out (NGN)",
    "Affects",
    "Balance (NGN)",
    "Held (NGN)",
    "Reference",
  ];
  const affects: Record<StatementEffect, string> = { available: "Balance", held: "Held money", none: "Nothing" };
  const records = lines.map((line) => {
    const reference = line.withdrawal?.reference ?? line.upgrade?.reference ?? "";
    const detail = line.withdrawal?.transferCode ?? line.withdrawal?.payoutBatch ?? line.upgrade?.providerReference;
    return [
      formatLagosDateTime(line.at),
      describeLine(line),
      line.amountKobo >= 0n ? koboToDecimal(line.amountKobo) : "",
      line.amountKobo < 0n ? koboToDecimal(-line.amountKobo) : "",
      affects[line.effect],
      koboToDecimal(line.balanceKobo),
      koboToDecimal(line.heldKobo),
      detail ? `${reference} ${detail}`.trim() : reference,
    ];
  });
  return [header, ...records].map((record) => record.map(csvCell).join(",") + "\r\n").join("");
}
