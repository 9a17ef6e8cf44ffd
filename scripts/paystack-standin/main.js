// @ts-check
// `npm run paystack:standin`: the Paystack stand-in on its own, for trying online payments locally.
// Start it, then the app with PAYSTACK_SECRET_KEY (the same key) and PAYSTACK_BASE_URL (printed below).
import { startPaystackStandin } from "./standin.js";

const secretKey = process.env.PAYSTACK_SECRET_KEY ?? "sk_test_standin0000000000000000";
if (!/^sk_test_/.test(secretKey)) {
  console.error("The stand-in takes test keys only (sk_test_…): it is not Paystack.");
  process.exit(1);
}
const port = Number(process.env.STANDIN_PORT ?? 4010);
const webhookUrl = process.env.WEBHOOK_URL ?? "http://localhost:3000/webhooks/paystack";
const standin = await startPaystackStandin({
  secretKey,
  port,
  host: "127.0.0.1",
  webhookUrl,
  // Any 10-digit account resolves to a made-up name, and transfers succeed after 3 seconds.
  resolveAnyAccount: true,
  settleTransfersAfterMs: 3_000,
  // STANDIN_TRANSFER_DELAY_MS: each POST /transfer takes that long (to try a slow provider).
  transferDelayMs: Number(process.env.STANDIN_TRANSFER_DELAY_MS ?? 0),
  log: (line) => console.log(line),
});
console.log(`Paystack stand-in on ${standin.baseUrl} (webhooks to ${webhookUrl}). Run the app with:`);
console.log(`  PAYSTACK_SECRET_KEY=${secretKey} PAYSTACK_BASE_URL=${standin.baseUrl} npm start`);
const stop = () => void standin.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
