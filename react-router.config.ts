import type { Config } from "@react-router/dev/config";

// Cross-origin action posts are rejected: React Router checks page routes against the host of
// APP_URL (set on the build at runtime in server/app.ts), and server/app.ts applies the same
// rule to resource routes.
export default {
  ssr: true,
} satisfies Config;
