/**
 * The reference of a withdrawal's transfer through the payment provider. Paystack accepts
 * lowercase letters, digits, `-` and `_`, 16 to 50 characters, and a reference is used once: so
 * the withdrawal's own reference, lowercased, behind "adnaira-", with the attempt after it
 * ("W7K3M9P2Q", attempt 1 → "adnaira-w7k3m9p2q-1"). Support staff and the member's bank statement
 * can read the withdrawal back from it; a retry after a failed transfer has a reference of its own.
 */
export function transferReference(withdrawalReference: string, attempt: number): string {
  if (!Number.isSafeInteger(attempt) || attempt < 1) throw new RangeError(`transferReference: bad attempt ${attempt}`);
  const core = withdrawalReference.toLowerCase().replace(/[^a-z0-9_-]/g, "");
  if (core.length === 0) throw new RangeError("transferReference: the withdrawal reference has no usable character");
  const reference = `adnaira-${core}-${attempt}`;
  if (reference.length > 50) throw new RangeError(`transferReference: ${reference} is longer than 50 characters`);
  // Always at least 16: "adnaira-" (8) + one character + "-1" makes 11, so pad short ones.
  return reference.length >= 16
    ? reference
    : `adnaira-${core.padEnd(16 - 8 - 1 - String(attempt).length, "0")}-${attempt}`;
}

/** Paystack's rule for a transfer reference. */
export const TRANSFER_REFERENCE_PATTERN = /^[a-z0-9_-]{16,50}$/;
