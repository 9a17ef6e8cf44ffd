import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { parsePaystackEvent, paystackSignatureValid } from "~/server/paystack.server";
import { handleProviderEvent } from "~/server/provider-events.server";
import type { Services } from "~/server/services.server";

/**
 * POST /webhooks/paystack: Paystack's events (charge.success, transfer.success/failed/reversed).
 * Outside the origin check and React Router: it is authenticated by its signature only (the
 * HMAC-SHA512 of the raw body with the secret key), so the raw bytes are kept. A missing or
 * wrong signature gets 401 and changes nothing; an unknown reference, an event we do not act on
 * and a replay all get 200 (Paystack retries anything else); a database outage gets 503, so
 * Paystack delivers it again later. Served only when the provider is on.
 */
export function paystackWebhookHandler(services: Services): (RequestHandler | ErrorRequestHandler)[] {
  const secretKey = services.config.paystack?.secretKey;
  if (!secretKey) throw new Error("paystackWebhookHandler needs PAYSTACK_SECRET_KEY");
  const readRaw = express.raw({ type: () => true, limit: "64kb" });
  const unreadable: ErrorRequestHandler = (_err, _req, res, _next) => {
    res.status(400).json({ status: false, message: "Unreadable body" });
  };
  const handle: RequestHandler = async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers["x-paystack-signature"];
    if (!paystackSignatureValid(raw, typeof signature === "string" ? signature : undefined, secretKey)) {
      services.log.warn({ webhook: "paystack" }, "webhook refused: missing or wrong signature");
      return void res.status(401).json({ status: false, message: "Invalid signature" });
    }
    const event = parsePaystackEvent(raw);
    if (!event) return void res.status(400).json({ status: false, message: "Not a Paystack event" });
    try {
      const result = await handleProviderEvent(services, event);
      services.log.info(
        { webhook: "paystack", event: event.event === "other" ? event.name : event.event, ...result },
        "webhook settled",
      );
      res.status(200).json({ status: true, message: "Received" });
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        return void res.status(503).json({ status: false, message: "Try again later" });
      }
      services.log.error({ err, webhook: "paystack" }, "webhook failed");
      res.status(500).json({ status: false, message: "Failed" });
    }
  };
  return [readRaw, unreadable, handle];
}
