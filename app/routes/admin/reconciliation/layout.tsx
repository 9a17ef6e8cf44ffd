import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { DisagreementRow } from "~/components/payments-admin/disagreement-list";
import type { MoneyAtProviderView } from "~/components/payments-admin/money-at-provider";
import type { ReconciliationData } from "~/components/payments-admin/reconciliation-page";
import { readReconciliationQuery, reconciliationHref } from "~/components/payments-admin/reconciliation-query";
import { DISAGREEMENT_TEXTS, readResolveParam, resolveParam } from "~/domain/payments/disagreements";
import { listDisagreements, type Disagreement } from "~/domain/payments/disagreements.server";
import { countResolutions, listResolutions } from "~/domain/payments/resolve-disagreement.server";
import { formatKobo, koboToDecimal, type Kobo } from "~/domain/shared/money";
import { moneyAtProvider } from "~/domain/withdrawals/money-at-provider.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { requireReconciliationAdmin } from "./reconciliation.server";

/**
 * The reconciliation page's data, for the routes under this layout that render the page:
 * /admin/reconciliation and the Mark resolved form's route (/admin/reconciliation/resolve).
 */
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
  await requireReconciliationAdmin(request, context);
  const { db, paymentProvider } = context.services;
  const query = readReconciliationQuery(request.url);
  const [disagreements, resolutions, money] = await Promise.all([
    listDisagreements(db),
    query.view === "resolved"
      ? listResolutions(db, { page: query.page })
      : countResolutions(db).then((total) => ({ resolutions: [], page: 1, pageCount: 1, total })),
    moneyAtProvider(db),
  ]);
  const list = { view: query.view, page: resolutions.page, pageCount: resolutions.pageCount };
  const open: DisagreementRow[] = disagreements.map((d) => ({
    kind: d.kind,
    key: d.key,
    title: DISAGREEMENT_TEXTS[d.kind].title,
    reference: d.reference,
    detail: detailOf(d),
    action: DISAGREEMENT_TEXTS[d.kind].action,
    since: formatLagosDateTime(d.since),
    resolveHref: reconciliationHref(list, { resolve: resolveParam(d) }),
  }));
  const asked = readResolveParam(query.resolve);
  return {
    providerOn: Boolean(paymentProvider),
    money: {
      collected: formatKobo(money.collectedKobo),
      fees: formatKobo(money.providerFeesKobo),
      transfersOut: formatKobo(money.transfersOutKobo),
      reversals: formatKobo(money.reversalsKobo),
      settled: formatKobo(money.settledKobo),
      total: formatKobo(money.atProviderKobo),
      inSettlement: formatKobo(money.inSettlementKobo),
      records: formatKobo(money.providerRecordsKobo),
      agrees: money.atProviderKobo === money.providerRecordsKobo,
    } satisfies MoneyAtProviderView,
    list,
    counts: { open: open.length, resolved: resolutions.total },
    open: query.view === "open" ? open : [],
    resolved: resolutions.resolutions.map((r) => ({
      id: r.id,
      title: DISAGREEMENT_TEXTS[r.kind].title,
      reference: r.reference,
      note: r.note,
      resolvedBy: r.resolvedByName,
      resolvedAt: formatLagosDateTime(r.resolvedAt),
    })),
    // Only an entry still open: one resolved meanwhile (or made up) opens no dialog.
    resolving: asked ? (open.find((row) => row.kind === asked.kind && row.key === asked.key) ?? null) : null,
  } satisfies ReconciliationData;
}

export default function ReconciliationLayout() {
  return <Outlet />;
}
