import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { SettingsData } from "~/components/settings-admin/settings-page";
import { formatBps } from "~/domain/shared/percentage";
import { getAppSettings } from "~/domain/settings/app-settings";
import { koboToDecimal } from "~/domain/shared/money";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

/**
 * Application Settings' data, for the routes under this layout that render the page:
 * /admin/settings and one route per form (/admin/settings/branding, /admin/settings/limits,
 * /admin/settings/fee, …), each with its own action.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Application Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_settings", "Access Denied.");
  const settings = await getAppSettings(context.services.db);
  return {
    appName: settings.appName,
    logoUrl: settings.logoUrl,
    appOrigin: context.services.config.appUrl.origin,
    maxAdvertReward: koboToDecimal(settings.maxAdvertRewardKobo),
    maxAdvertBudget: koboToDecimal(settings.maxAdvertBudgetKobo),
    campaignFee: formatBps(settings.campaignFeeBps, { percentSign: false }),
    autoPayout: {
      autoPayoutMax: settings.autoPayoutMaxKobo === null ? "" : koboToDecimal(settings.autoPayoutMaxKobo),
      autoPayoutDailyMax:
        settings.autoPayoutDailyMaxKobo === null ? "" : koboToDecimal(settings.autoPayoutDailyMaxKobo),
      bankChangeHoldHours: String(settings.bankChangeHoldHours),
      minAccountAgeDays: String(settings.autoPayoutMinAccountAgeDays),
    },
    linkedAccounts: {
      accountsPerDevice: String(settings.accountsPerDevice),
      accountsPerBankAccount: String(settings.accountsPerBankAccount),
    },
    payByTransfer: context.services.paymentProvider !== undefined,
    withdrawalLimits: {
      minWithdrawal: koboToDecimal(settings.minWithdrawalKobo),
      maxWithdrawal: koboToDecimal(settings.maxWithdrawalKobo),
      advertiserMaxWithdrawal: koboToDecimal(settings.advertiserMaxWithdrawalKobo),
      withdrawalFee: formatBps(settings.withdrawalFeeBps, { percentSign: false }),
    },
    support: {
      supportEmail: settings.supportEmail ?? "",
      supportPhone: settings.supportPhone ?? "",
      supportWhatsapp: settings.supportWhatsapp ?? "",
      payoutSchedule: settings.payoutSchedule,
    },
  } satisfies SettingsData;
}

export default function SettingsLayout() {
  return <Outlet />;
}
