import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Cross-origin form posts to actions are rejected by React Router (CSRF defence).
  // No extra origins are trusted: the app is only ever posted to from its own pages.
  allowedActionOrigins: [],
} satisfies Config;
