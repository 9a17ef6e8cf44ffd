import { afterAll, beforeAll } from "vitest";
import { paystackEnv, startPaystackStandin, TEST_PAYSTACK_SECRET_KEY } from "~test/paystack";
import { setUpBrowserSuite } from "./browser";

/**
 * A browser suite against the built app with Paystack on: the Paystack stand-in started first,
 * the app pointed at it, and the stand-in's webhooks sent to the app's POST /webhooks/paystack.
 */
export async function setUpPaystackBrowserSuite(options: { resolveAnyAccount?: boolean } = {}) {
  const standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY, ...options });
  const suite = setUpBrowserSuite({ env: paystackEnv(standin) });
  const webhookUrl = () => `${suite.app.origin}/webhooks/paystack`;
  beforeAll(() => standin.setWebhookUrl(webhookUrl()));
  afterAll(() => standin.close());
  return { standin, suite, webhookUrl, db: () => suite.app.services.db };
}
