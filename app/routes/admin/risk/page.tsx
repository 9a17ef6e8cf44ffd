import { RiskPage } from "~/components/risk-admin/risk-page";

/** GET /admin/risk: the linked accounts waiting for a review. */
export default function RiskReview() {
  return <RiskPage />;
}
