import { z } from "zod";

/**
 * The reconciliation page's vocabulary, for the domain and the page alike: the kinds of
 * disagreement between the payment provider and the ledger (`Disagreement`,
 * `./disagreements.server.ts`), what each means and what to do, and the form that marks one
 * resolved.
 */
export const DISAGREEMENT_KINDS = [
  "held-payment",
  "unknown-reference",
  "transfer-paid-after-failed",
  "transfer-unknown",
  "transfer-stuck",
] as const;
export type DisagreementKind = (typeof DISAGREEMENT_KINDS)[number];

/** What each disagreement means and what to do about it. */
export const DISAGREEMENT_TEXTS: Record<DisagreementKind, { title: string; action: string }> = {
  "held-payment": {
    title: "Paid, but not as asked",
    action:
      "Press Refund to send the money back through Paystack, so the refund is booked (a payment in another currency, or any with online payments off, is refunded in the Paystack dashboard instead); the member or advertiser can then pay again as asked.",
  },
  "unknown-reference": {
    title: "A payment AdNaira did not ask for",
    action:
      "Paystack reported money under a reference that is none of ours. Look it up in the Paystack dashboard and refund it if nobody can say what it was for.",
  },
  "transfer-paid-after-failed": {
    title: "Transfer paid after it was taken as failed",
    action:
      "Paystack now says this transfer was paid, but AdNaira had taken it as failed, so the withdrawal may have been paid again, or its money returned to the member. Check the withdrawal and the transfer in the Paystack dashboard, and recover any second payment from the member.",
  },
  "transfer-unknown": {
    title: "Transfer outcome unknown",
    action:
      "Outcome unknown, checking with Paystack: the request to Paystack got no answer (or the app stopped while sending it), so the transfer may or may not exist. It is checked with Paystack again every few minutes and nothing is sent again until Paystack answers; the money stays held.",
  },
  "transfer-stuck": {
    title: "Transfer not settled",
    action:
      "Paystack took this transfer but has not said whether the bank paid it. Check it in the Paystack dashboard; the withdrawal completes, or returns to processing, as soon as Paystack settles it.",
  },
};

/** The longest note a resolution keeps (the column's CHECK says the same). */
export const RESOLUTION_NOTE_MAX = 1_000;

export const RESOLUTION_NOTE_REQUIRED = "Write what you found and what was done.";
export const RESOLUTION_NOTE_TOO_LONG = `Keep the note to ${RESOLUTION_NOTE_MAX.toLocaleString("en-NG")} characters.`;

/** Which disagreement: its kind and key (a reference, or an unmatched event's id). */
const DISAGREEMENT_KEY_MAX = 200;
const UNKNOWN_ENTRY = "Choose an entry on the list to mark resolved.";

/** The Mark resolved form: the entry (hidden fields) and the admin's note, trimmed. */
export const ResolveDisagreementSchema = z.object({
  kind: z.enum(DISAGREEMENT_KINDS, { error: UNKNOWN_ENTRY }),
  key: z.string({ error: UNKNOWN_ENTRY }).trim().min(1, UNKNOWN_ENTRY).max(DISAGREEMENT_KEY_MAX, UNKNOWN_ENTRY),
  note: z
    .string({ error: RESOLUTION_NOTE_REQUIRED })
    .trim()
    .min(1, RESOLUTION_NOTE_REQUIRED)
    .max(RESOLUTION_NOTE_MAX, RESOLUTION_NOTE_TOO_LONG),
});

/** `?resolve=` on the page: the entry whose Mark resolved dialog is open, as "<kind>:<key>". */
export const resolveParam = (entry: { kind: DisagreementKind; key: string }) => `${entry.kind}:${entry.key}`;

/** The entry a `?resolve=` names, or null for anything else. */
export function readResolveParam(value: string | null | undefined): { kind: DisagreementKind; key: string } | null {
  if (!value) return null;
  const colon = value.indexOf(":");
  const kind = value.slice(0, colon);
  const key = value.slice(colon + 1);
  if (colon < 1 || !key || key.length > DISAGREEMENT_KEY_MAX) return null;
  return (DISAGREEMENT_KINDS as readonly string[]).includes(kind) ? { kind: kind as DisagreementKind, key } : null;
}

/** The longest reason a refund keeps (sent to Paystack as the merchant note; the column's CHECK says the same). */
export const REFUND_REASON_MAX = 500;
export const REFUND_REASON_REQUIRED = "Say why this payment is refunded.";
export const REFUND_REASON_TOO_LONG = `Keep the reason to ${REFUND_REASON_MAX} characters.`;

/** The Refund form on a held payment: its reference (hidden) and why. */
export const RefundPaymentSchema = z.object({
  reference: z.string({ error: UNKNOWN_ENTRY }).trim().min(1, UNKNOWN_ENTRY).max(DISAGREEMENT_KEY_MAX, UNKNOWN_ENTRY),
  reason: z
    .string({ error: REFUND_REASON_REQUIRED })
    .trim()
    .min(1, REFUND_REASON_REQUIRED)
    .max(REFUND_REASON_MAX, REFUND_REASON_TOO_LONG),
});
