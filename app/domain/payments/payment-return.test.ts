import { describe, expect, it } from "vitest";
import { paymentReturnState } from "./payment-return";

describe("where a payment stands on its return page", () => {
  it("settled attempts show as they are", () => {
    expect(paymentReturnState("succeeded", false)).toBe("paid");
    expect(paymentReturnState("held", false)).toBe("held");
    expect(paymentReturnState("initialized", false)).toBe("checking");
    expect(paymentReturnState("initialized", true)).toBe("checking");
  });

  it("one found not paid earlier is checked again when the payer comes back from the checkout: they may have paid since", () => {
    expect(paymentReturnState("abandoned", false)).toBe("checking");
    expect(paymentReturnState("failed", false)).toBe("checking");
    // After that check, it is not paid.
    expect(paymentReturnState("abandoned", true)).toBe("not-paid");
    expect(paymentReturnState("failed", true)).toBe("not-paid");
  });
});
