import { networkFingerprint } from "~/domain/risk/policy";
import { recordSignals, type Signal } from "~/domain/risk/signals.server";
import type { RequestContext } from "./context.server";

/** The name of the hidden field the sign-in and sign-up forms fill with the browser's fingerprint. */
export const FINGERPRINT_FIELD = "deviceFingerprint";

/**
 * What a request tells about the device it came from: its device id (the cookie it sent: a new
 * one given with this response is not yet the browser's), the fingerprint its form carried
 * (FingerprintJS's visitor id: 32 hex digits; absent before JavaScript) with the network it came
 * from together, and the network (an IPv6 client's /64).
 */
export function requestSignals(context: RequestContext, values: Record<string, string> = {}): Signal[] {
  const signals: Signal[] = [{ kind: "network", value: context.clientNetwork }];
  if (context.deviceId) signals.push({ kind: "device", value: context.deviceId });
  const fingerprint = values[FINGERPRINT_FIELD];
  if (fingerprint && /^[0-9a-f]{32}$/.test(fingerprint)) {
    signals.push(
      { kind: "fingerprint", value: fingerprint },
      { kind: "network_fingerprint", value: networkFingerprint(context.clientNetwork, fingerprint) },
    );
  }
  return signals;
}

/**
 * Records the request's signals for `userId` (a sign-in). A failure is logged, never the
 * sign-in's: the signals are for the review, the member came for their account.
 */
export async function recordRequestSignals(
  context: RequestContext,
  userId: string,
  values: Record<string, string> = {},
): Promise<void> {
  try {
    await recordSignals(context.services.db, userId, requestSignals(context, values));
  } catch (err) {
    context.services.log.error({ err, userId }, "could not record the sign-in's signals");
  }
}
