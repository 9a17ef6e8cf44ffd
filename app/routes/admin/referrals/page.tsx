import { ReferralsAdminPage } from "~/components/referrals-admin/referrals-page";

/** GET /admin/referrals: the page (its data: ./layout.tsx); its forms post to their own routes. */
export default function ReferralSystemSettings() {
  return <ReferralsAdminPage />;
}
