import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CampaignList, toCampaignListItem } from "~/components/advertiser/campaign-list";
import { ApprovalBanner } from "~/components/advertiser/approval-banner";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { findAdvertiserProfile, listAdvertiserCampaigns } from "~/domain/campaigns/advertiser-campaigns.server";
import { balances } from "~/domain/ledger/accounts.server";
import { formatKobo } from "~/domain/shared/money";
import { pageTitle } from "~/lib/meta";
import { requireAdvertiser } from "~/server/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Advertiser");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdvertiser(request, context);
  const { db } = context.services;
  const [profile, money, campaigns] = await Promise.all([
    findAdvertiserProfile(db, user.id),
    balances(db, user.id),
    listAdvertiserCampaigns(db, user.id),
  ]);
  return {
    businessName: profile?.businessName ?? user.name,
    displayId: user.displayId,
    approval: { status: profile?.status ?? "pending", rejectionReason: profile?.rejectionReason ?? null },
    balance: formatKobo(money.availableKobo),
    campaigns: campaigns.map((c) => toCampaignListItem(c)),
  };
}

export default function AdvertiserHome({ loaderData }: Route.ComponentProps) {
  const { businessName, displayId, approval, balance, campaigns } = loaderData;
  const approved = approval.status === "approved";
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="break-words text-2xl font-bold sm:text-3xl" data-testid="business-name">
          {businessName}
        </h1>
        <p className="mt-1 text-gray-600">
          Advertiser ID <span className="font-mono font-medium text-gray-900">{displayId}</span>
        </p>
      </div>
      <ApprovalBanner status={approval.status} rejectionReason={approval.rejectionReason} />
      <Card aria-labelledby="balance-title" className="grid gap-2">
        <CardTitle id="balance-title">Balance</CardTitle>
        <p className="text-2xl font-bold tabular-nums" data-testid="advertiser-balance">
          {balance}
        </p>
        <p className="text-sm text-gray-600">Unspent budgets of ended or cancelled campaigns come back here.</p>
        <div>
          <Link to="/advertiser/payouts" className={buttonVariants({ variant: "outline" })}>
            Withdraw balance
          </Link>
        </div>
      </Card>
      <section aria-labelledby="campaigns-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="campaigns-title" className="text-lg font-semibold">
            Campaigns
          </h2>
          {approved ? (
            <Link to="/advertiser/campaigns" className={buttonVariants({ size: "sm" })}>
              <Plus className="h-4 w-4" aria-hidden /> New campaign
            </Link>
          ) : null}
        </div>
        <CampaignList campaigns={campaigns} newHref={approved ? "/advertiser/campaigns" : undefined} />
      </section>
    </div>
  );
}
