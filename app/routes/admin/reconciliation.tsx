import type { Route } from "./+types/reconciliation";
import { DisagreementList, type DisagreementRow } from "~/components/payments-admin/disagreement-list";
import { MoneyAtProvider, type MoneyAtProviderView } from "~/components/payments-admin/money-at-provider";
import { Card, CardTitle } from "~/components/ui/card";
import { DISAGREEMENT_TEXTS, listDisagreements, type Disagreement } from "~/domain/payments/disagreements.server";
import { formatKobo, koboToDecimal, type Kobo } from "~/domain/shared/money";
import { moneyAtProvider } from "~/domain/withdrawals/money-at-provider.server";
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
  const [disagreements, money] = await Promise.all([listDisagreements(db), moneyAtProvider(db)]);
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
    money: {
      collected: formatKobo(money.collectedKobo),
      fees: formatKobo(money.providerFeesKobo),
      transfersOut: formatKobo(money.transfersOutKobo),
      reversals: formatKobo(money.reversalsKobo),
      total: formatKobo(money.atProviderKobo),
      records: formatKobo(money.providerRecordsKobo),
      agrees: money.atProviderKobo === money.providerRecordsKobo,
    } satisfies MoneyAtProviderView,
  };
}

export default function Reconciliation({ loaderData }: Route.ComponentProps) {
  const { providerOn, rows, money } = loaderData;
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
      <MoneyAtProvider money={money} />
      <Card aria-labelledby="disagreements-title" className="grid gap-4">
        <CardTitle id="disagreements-title">To look into</CardTitle>
        <DisagreementList rows={rows} />
      </Card>
    </div>
  );
}
