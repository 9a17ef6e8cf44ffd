import { useEffect, useRef, type ReactNode } from "react";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { Form, Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import type { PaymentReturnState } from "~/domain/payments/payment-return";
import { cn } from "~/lib/cn";

export type PaymentReturnData = {
  state: PaymentReturnState;
  /** The attempt's reference (UPG-…, CMP-…, "-2" on a retry). */
  reference: string;
  /** What was paid for and how much, e.g. "Upgrade to Bronze, ₦2,000.00". */
  what: string;
  /** Why a paid attempt was held (held only). */
  heldReason: string | null;
  /** "Check payment" was pressed already: no automatic check again. */
  checked: boolean;
};

const ICONS = {
  checking: <Clock className="mt-1 h-5 w-5 shrink-0 text-amber-700" aria-hidden />,
  paid: <CheckCircle2 className="mt-1 h-5 w-5 shrink-0 text-green-700" aria-hidden />,
  held: <Clock className="mt-1 h-5 w-5 shrink-0 text-amber-700" aria-hidden />,
  "not-paid": <XCircle className="mt-1 h-5 w-5 shrink-0 text-red-700" aria-hidden />,
} as const;

const TITLES: Record<PaymentReturnState, string> = {
  checking: "Confirming your payment…",
  paid: "Payment received",
  held: "Payment received, being checked",
  "not-paid": "Payment not completed",
};

/**
 * The page Paystack's checkout sends the payer back to. The GET changes nothing: it shows where
 * the payment stands. While it is not settled, "Check payment" (a POST) asks Paystack and settles
 * it; with JavaScript the page presses it once by itself, without it the payer presses it.
 * `paidText`/`notPaidActions`: what the capability says and offers next.
 */
export function PaymentReturn({
  data,
  back,
  done,
  paidText,
  notPaidActions,
  notPaidHint,
}: {
  data: PaymentReturnData;
  back: { to: string; label: string };
  /** The way on once it settled ("Go to dashboard"). */
  done: { to: string; label: string };
  paidText: string;
  notPaidActions: ReactNode;
  /** What the payer can do instead ("Try again, or cancel the request…"). */
  notPaidHint: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const auto = data.state === "checking" && !data.checked;
  useEffect(() => {
    if (auto) form.current?.requestSubmit();
  }, [auto]);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <BackLink to={back.to}>{back.label}</BackLink>
      <h1 className="text-2xl font-bold">Online payment</h1>
      <Card
        data-testid="payment-return"
        data-state={data.state}
        aria-labelledby="payment-return-title"
        className={cn(
          data.state === "paid" && "border-green-300 bg-green-50/40",
          data.state === "not-paid" && "border-red-300 bg-red-50/40",
          (data.state === "checking" || data.state === "held") && "border-amber-300 bg-amber-50/40",
        )}
      >
        <div className="flex items-start gap-3">
          {ICONS[data.state]}
          <div className="grid min-w-0 flex-1 gap-3 text-sm">
            <CardTitle id="payment-return-title" role="status">
              {TITLES[data.state]}
            </CardTitle>
            <p className="text-gray-800">
              {data.what}. Reference: <span className="font-mono">{data.reference}</span>
            </p>
            {data.state === "checking" ? (
              <>
                <p className="text-gray-800">
                  {data.checked
                    ? "Paystack has not confirmed this payment yet. If you completed it, check again in a minute; if you left the checkout, go back and try again."
                    : "We are asking Paystack whether your payment went through. This takes a few seconds."}
                </p>
                <Form method="post" ref={form}>
                  <input type="hidden" name="reference" value={data.reference} />
                  <Button type="submit">Check payment</Button>
                </Form>
              </>
            ) : data.state === "paid" ? (
              <p className="text-gray-800">{paidText}</p>
            ) : data.state === "held" ? (
              <p className="text-gray-800">
                Your money reached Paystack, but the payment does not match what was asked, so it was not applied
                automatically: {data.heldReason} Our team will check it and contact you. Quote the reference above if
                you contact support.
              </p>
            ) : (
              <>
                <p className="text-gray-800">
                  Paystack says this payment was not completed, so no money was taken. {notPaidHint}
                </p>
                <div className="flex flex-wrap gap-2">{notPaidActions}</div>
              </>
            )}
            {data.state !== "checking" ? (
              <div>
                <Link to={done.to} className={buttonVariants({ variant: "outline" })}>
                  {done.label}
                </Link>
              </div>
            ) : null}
          </div>
        </div>
      </Card>
    </div>
  );
}

/** "Try again": a new checkout. A full page load, so the redirect to Paystack's page works with or without JavaScript. */
export function TryAgainForm({
  action,
  fields,
  label = "Try again",
}: {
  action: string;
  fields: Record<string, string>;
  label?: string;
}) {
  return (
    <Form method="post" action={action} reloadDocument>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit">{label}</Button>
    </Form>
  );
}
