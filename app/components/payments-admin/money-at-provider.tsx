import { Card, CardTitle } from "~/components/ui/card";

/** The money at Paystack, each term of its sum formatted by the loader. */
export type MoneyAtProviderView = {
  collected: string;
  fees: string;
  transfersOut: string;
  reversals: string;
  /** Paid out to AdNaira's bank (settlements Paystack reported successful). */
  settled: string;
  /** Refunds Paystack processed, and card disputes lost: null while there are none (the line is left out). */
  refunds?: string | null;
  disputeLosses?: string | null;
  total: string;
  /** Of the total, what Paystack is settling now (pending or processing). */
  inSettlement: string;
  /** The same figure from Paystack's records as AdNaira keeps them. */
  records: string;
  agrees: boolean;
};

/**
 * "Money at Paystack": the sum written out, term by term (collected − fees − transfers out +
 * transfers sent back − settled to the bank = the total, of which some may be in settlement), so
 * an admin can check each against Paystack's dashboard, and what it leaves out.
 */
export function MoneyAtProvider({ money }: { money: MoneyAtProviderView }) {
  const terms = [
    { id: "collected", label: "Collected through Paystack", sign: "", value: money.collected },
    { id: "fees", label: "Paystack's fees on what it collected", sign: "−", value: money.fees },
    { id: "transfers-out", label: "Transfers to members' banks", sign: "−", value: money.transfersOut },
    { id: "reversals", label: "Transfers the banks sent back", sign: "+", value: money.reversals },
    { id: "settled", label: "Settled to the bank", sign: "−", value: money.settled },
    ...(money.refunds ? [{ id: "refunds", label: "Refunded to payers", sign: "−", value: money.refunds }] : []),
    ...(money.disputeLosses
      ? [{ id: "dispute-losses", label: "Card disputes lost", sign: "−", value: money.disputeLosses }]
      : []),
  ];
  return (
    <Card aria-labelledby="clearing-title" className="grid gap-3">
      <CardTitle id="clearing-title">Money at Paystack</CardTitle>
      <p className="text-sm text-gray-700">What Paystack holds for AdNaira, as the ledger has it:</p>
      <dl className="grid max-w-xl grid-cols-[1fr_auto] gap-y-1 text-sm" data-testid="money-at-paystack">
        {terms.map((term) => (
          <div key={term.id} className="contents" data-testid={`money-${term.id}`}>
            <dt className="pr-4 text-gray-700">{term.label}</dt>
            <dd className="text-right font-medium whitespace-nowrap tabular-nums">
              {term.sign ? `${term.sign} ` : ""}
              {term.value}
            </dd>
          </div>
        ))}
        <div className="contents" data-testid="money-total">
          <dt className="border-t border-gray-300 pt-1 pr-4 font-semibold text-gray-900">Money at Paystack</dt>
          <dd className="border-t border-gray-300 pt-1 text-right font-bold whitespace-nowrap tabular-nums">
            = {money.total}
          </dd>
        </div>
        <div className="contents" data-testid="money-in-settlement">
          <dt className="pr-4 text-gray-700">In settlement (of the money at Paystack, on its way to the bank)</dt>
          <dd className="text-right font-medium whitespace-nowrap tabular-nums">{money.inSettlement}</dd>
        </div>
      </dl>
      <p className="text-sm text-gray-700" data-testid="money-records">
        {money.agrees ? (
          "Paystack's records as AdNaira keeps them (its settled payments less their fees, less the transfers it reported paid and its settlements to the bank) give the same."
        ) : (
          <span className="text-red-700">
            But Paystack&apos;s records as AdNaira keeps them (its settled payments less their fees, less the transfers
            it reported paid and its settlements to the bank) add up to {money.records}.
          </span>
        )}
      </p>
      <p className="text-sm text-gray-600">
        Not in this sum, as AdNaira does not record them yet: money AdNaira added to its Paystack balance, and
        Paystack&apos;s charges on transfers; its dashboard shows the balance after them. Nor payments held for review,
        which Paystack has but were not booked: they are listed below (Paystack settles them to the bank with the rest,
        so a settlement may take out more than this sum had for them).
      </p>
    </Card>
  );
}
