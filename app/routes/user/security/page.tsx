import { SecurityPage } from "~/components/security/security-page";

/** GET /security: two-step verification, recovery codes and passkeys. */
export default function Security() {
  return <SecurityPage />;
}
