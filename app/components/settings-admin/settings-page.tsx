import { useRouteLoaderData } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { AdvertLimitsCard } from "./advert-limits-card";
import { AutoPayoutCard, type AutoPayoutValues } from "./auto-payout-card";
import { BrandingCard } from "./branding-card";
import { LinkedAccountsCard, type LinkedAccountsValues } from "./linked-accounts-card";
import { CampaignFeeCard } from "./campaign-fee-card";
import type { RenderedFailure } from "./settings-form";
import { SupportCard, type SupportValues } from "./support-card";
import { WithdrawalLimitsCard, type WithdrawalLimitsValues } from "./withdrawal-limits-card";

/** The settings loader's data (app/routes/admin/settings/layout.tsx). */
export type SettingsData = {
  appName: string;
  logoUrl: string;
  /** The app's public origin: the logo preview refuses what the server would (images there). */
  appOrigin: string;
  /** In naira, as the inputs show them. */
  maxAdvertReward: string;
  maxAdvertBudget: string;
  /** A percentage, as the input shows it. */
  campaignFee: string;
  autoPayout: AutoPayoutValues;
  linkedAccounts: LinkedAccountsValues;
  /** Whether Paystack is on (automatic payouts need it). */
  payByTransfer: boolean;
  withdrawalLimits: WithdrawalLimitsValues;
  support: SupportValues;
};

const SETTINGS_ROUTE_ID = "routes/admin/settings/layout";

/**
 * Application Settings, rendered by /admin/settings and by each form's route
 * (/admin/settings/branding, /limits, /fee, /auto-payout, /linked-accounts, /withdrawals, /support), which passes the refusal it rendered (`rendered`)
 * when a form was posted without JavaScript.
 */
export function SettingsPage({ rendered }: { rendered?: RenderedFailure }) {
  const data = useRouteLoaderData(SETTINGS_ROUTE_ID) as SettingsData;
  useToastFrom(rendered?.failure.toast);
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <h1 className="text-2xl font-bold">Application Settings</h1>
      <BrandingCard appName={data.appName} logoUrl={data.logoUrl} appOrigin={data.appOrigin} rendered={rendered} />
      <AdvertLimitsCard
        maxAdvertReward={data.maxAdvertReward}
        maxAdvertBudget={data.maxAdvertBudget}
        rendered={rendered}
      />
      <CampaignFeeCard campaignFee={data.campaignFee} rendered={rendered} />
      <WithdrawalLimitsCard saved={data.withdrawalLimits} rendered={rendered} />
      <AutoPayoutCard saved={data.autoPayout} payByTransfer={data.payByTransfer} rendered={rendered} />
      <LinkedAccountsCard saved={data.linkedAccounts} rendered={rendered} />
      <SupportCard saved={data.support} rendered={rendered} />
    </div>
  );
}
