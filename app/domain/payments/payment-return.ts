/** Where an online payment stands, as its return page shows it (app/components/payments/payment-return.tsx). */
export type PaymentReturnState = "checking" | "paid" | "held" | "not-paid";

export const paymentReturnState = (
  status: "initialized" | "succeeded" | "failed" | "abandoned" | "held",
): PaymentReturnState =>
  status === "initialized" ? "checking" : status === "succeeded" ? "paid" : status === "held" ? "held" : "not-paid";
