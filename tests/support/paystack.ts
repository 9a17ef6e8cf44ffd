import { startPaystackStandin, type PaystackStandin } from "../../scripts/paystack-standin/standin.js";
import { startTestApp, type StartTestAppOptions, type TestApp } from "./app";

export { startPaystackStandin, type PaystackStandin };

/** A test secret key: the stand-in and the app share it, as a Paystack account and its integration do. */
export const TEST_PAYSTACK_SECRET_KEY = "sk_test_adnairastandin000000000000";

/** The env that turns the provider on, pointed at a running stand-in. */
export const paystackEnv = (standin: PaystackStandin) => ({
  PAYSTACK_SECRET_KEY: TEST_PAYSTACK_SECRET_KEY,
  PAYSTACK_BASE_URL: standin.baseUrl,
});

/**
 * The built app with Paystack on, and the Paystack stand-in sending its webhooks to the app's
 * POST /webhooks/paystack. Close both with `close()`.
 */
export async function startAppWithPaystack(
  options: StartTestAppOptions = {},
): Promise<{ app: TestApp; standin: PaystackStandin; close: () => Promise<void> }> {
  const standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  const app = await startTestApp({ ...options, env: { ...paystackEnv(standin), ...options.env } });
  standin.setWebhookUrl(`${app.origin}/webhooks/paystack`);
  return {
    app,
    standin,
    async close() {
      await app.close();
      await standin.close();
    },
  };
}
