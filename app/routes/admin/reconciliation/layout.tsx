import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { DisagreementRow } from "~/components/payments-admin/disagreement-list";
import type { MoneyAtProviderView } from "~/components/payments-admin/money-at-provider";
import type { ReconciliationData } from "~/components/payments-admin/reconciliation-page";
import { readReconciliationQuery, reconciliationHref } from "~/components/payments-admin/reconciliation-query";
import { DISAGREEMENT_TEXTS, readResolveParam, resolveParam } from "~/domain/payments/disagreements";
import { listDisagreements, type Disagreement } from "~/domain/payments/disagreements.server";
import { listDisputeViews } from "~/domain/payments/disputes.server";
import { refundStates, type RefundState } from "~/domain/payments/refunds.server";
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

/** A held payment's Refund link (when it can be refunded now) and where its refunds stand. */
function refundOf(
  d: Disagreement,
  state: RefundState | undefined,
  refundHref: string | null,
): Pick<DisagreementRow, "refundHref" | "refundNote"> {
  if (d.kind !== "held-payment") return {};
  const refundNote = state?.live
    ? `Refund of ${formatKobo(state.liveKobo)} on its way at Paystack.`
    : state && state.processedKobo > 0n
      ? `Refunded ${formatKobo(state.processedKobo)}.`
      : undefined;
  const refundable = refundHref !== null && !state?.live && d.currency === "NGN";
  return { ...(refundable ? { refundHref } : {}), ...(refundNote ? { refundNote } : {}) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireReconciliationAdmin(request, context);
  const { db, paymentProvider } = context.services;
  const query = readReconciliationQuery(request.url);
  const [disagreements, resolutions, money, disputes] = await Promise.all([
    listDisagreements(db),
    query.view === "resolved"
      ? listResolutions(db, { page: query.page })
      : countResolutions(db).then((total) => ({ resolutions: [], page: 1, pageCount: 1, total })),
    moneyAtProvider(db),
    listDisputeViews(db),
  ]);
  const held = disagreements.filter((d) => d.kind === "held-payment");
  const refunds = await refundStates(
    db,
    held.map((d) => d.key),
  );
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
    ...refundOf(d, refunds.get(d.key), paymentProvider ? reconciliationHref(list, { refund: d.key }) : null),
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
      refunds: money.refundsKobo > 0n ? formatKobo(money.refundsKobo) : null,
      disputeLosses: money.disputeLossesKobo > 0n ? formatKobo(money.disputeLossesKobo) : null,
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
    refunding: query.refund ? (open.find((row) => row.refundHref && row.key === query.refund) ?? null) : null,
    disputes,
  } satisfies ReconciliationData;
}

export default function ReconciliationLayout() {
  return <Outlet />;
}
