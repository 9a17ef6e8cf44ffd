/** Where an online payment stands, as its return page shows it (app/components/payments/payment-return.tsx). */
export type PaymentReturnState = "checking" | "paid" | "held" | "not-paid";

/**
 * `checked`: "Check payment" was pressed already. An attempt found not paid earlier (the minute
 * job asked while the payer was still at the checkout) may have been paid since, so it is checked
 * once more before the page says no money was taken.
 */
export const paymentReturnState = (
  status: "initialized" | "succeeded" | "failed" | "abandoned" | "held",
  checked: boolean,
): PaymentReturnState =>
  status === "succeeded"
    ? "paid"
    : status === "held"
      ? "held"
      : status === "initialized" || !checked
        ? "checking"
        : "not-paid";
