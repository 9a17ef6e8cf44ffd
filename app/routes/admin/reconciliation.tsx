import type { Route } from "./+types/reconciliation";
import { DisagreementList, type DisagreementRow } from "~/components/payments-admin/disagreement-list";
import { Card, CardTitle } from "~/components/ui/card";
import {
  DISAGREEMENT_TEXTS,
  listDisagreements,
  providerClearing,
  type Disagreement,
} from "~/domain/payments/disagreements.server";
import { formatKobo, koboToDecimal, type Kobo } from "~/domain/shared/money";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { requireAdmin } from "~/server/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Reconciliation");

const naira = (kobo: Kobo | null, currency: string | null) =>
  kobo === null
    ? "an unknown amount"
    : currency && currency !== "NGN"
      ? `${currency} ${koboToDecimal(kobo)}`
      : formatKobo(kobo);

function detailOf(d: Disagreement): string {
  switch (d.kind) {
    case "held-payment":
      return `${d.purpose === "upgrade" ? "Upgrade" : "Campaign"} payment: asked ${formatKobo(d.askedKobo)}, Paystack reports ${naira(d.paidKobo, d.currency)}. ${d.reason}`;
    case "unknown-reference":
      return `Paystack sent ${d.event} for ${naira(d.amountKobo, d.currency)}.`;
    case "transfer-paid-after-failed":
      return `Withdrawal ${d.withdrawalReference}: Paystack reports the transfer of ${naira(d.amountKobo, "NGN")} paid after AdNaira had taken it as failed.`;
    case "transfer-unknown":
      return `Withdrawal ${d.withdrawalReference}: transfer of ${formatKobo(d.amountKobo)} sent, no answer from Paystack.`;
    case "transfer-stuck":
      return `Withdrawal ${d.withdrawalReference}: transfer ${d.transferCode ?? ""} of ${formatKobo(d.amountKobo)} still pending at Paystack.`;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_withdrawals", "Access Denied.");
  const { db, paymentProvider } = context.services;
  const [disagreements, clearing] = await Promise.all([listDisagreements(db), providerClearing(db)]);
  const rows: DisagreementRow[] = disagreements.map((d, i) => ({
    key: `${d.kind}:${d.reference}:${i}`,
    title: DISAGREEMENT_TEXTS[d.kind].title,
    reference: d.reference,
    detail: detailOf(d),
    action: DISAGREEMENT_TEXTS[d.kind].action,
    since: formatLagosDateTime(d.since),
  }));
  return {
    providerOn: Boolean(paymentProvider),
    rows,
    clearing: {
      ledger: formatKobo(clearing.ledgerKobo),
      payments: formatKobo(clearing.paymentsKobo),
      agrees: clearing.ledgerKobo === clearing.paymentsKobo,
    },
  };
}

export default function Reconciliation({ loaderData }: Route.ComponentProps) {
  const { providerOn, rows, clearing } = loaderData;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Reconciliation</h1>
        <p className="mt-1 text-sm text-gray-600">
          Payments and transfers through Paystack that the ledger and Paystack disagree on, and what to do. Times are
          Lagos time.
        </p>
      </div>
      {!providerOn && (
        <p role="status" className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
          Online payments are off (no Paystack key is set): money comes in by bank transfer and goes out in payout
          files. Anything listed below is from when they were on.
        </p>
      )}
      <Card aria-labelledby="clearing-title">
        <CardTitle id="clearing-title">Money at Paystack</CardTitle>
        <p className="mt-2 text-sm text-gray-700">
          Collected through Paystack, less its fees, as the ledger has it: <strong>{clearing.ledger}</strong>
          {clearing.agrees ? (
            " — the same as the settled payments."
          ) : (
            <span className="text-red-700"> — but the settled payments add up to {clearing.payments}.</span>
          )}
        </p>
      </Card>
      <Card aria-labelledby="disagreements-title" className="grid gap-4">
        <CardTitle id="disagreements-title">To look into</CardTitle>
        <DisagreementList rows={rows} />
      </Card>
    </div>
  );
}
