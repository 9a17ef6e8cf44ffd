import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users, type Campaign } from "~/db/schema";
import { queueEmailOnce } from "~/domain/mail/outbox.server";
import { campaignMail, type CampaignMailEvent } from "~/domain/mail/templates";
import { getAppSettings } from "~/domain/settings/app-settings";

/** The event a mail reports, one mail each: a payment by its ledger step, every other step by its name. */
function eventKey(campaignId: string, event: CampaignMailEvent): string {
  const step =
    event.kind === "paid" && event.method === "balance"
      ? "funding"
      : event.kind === "paid" || event.kind === "paid-to-balance"
        ? "deposit"
        : event.kind;
  return `campaign:${campaignId}:${step}`;
}

/**
 * Queues the advertiser's mail about a step of their campaign, in the step's transaction, once
 * per campaign and event (`campaign:<id>:activated`). The advertiser's name and the campaign's
 * title go in only once their address is confirmed (they typed them).
 */
export async function mailAdvertiser(tx: Database, campaign: Campaign, event: CampaignMailEvent): Promise<void> {
  const [advertiser] = await tx
    .select({ email: users.email, name: users.name, confirmed: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, campaign.advertiserId));
  if (!advertiser) throw new Error(`campaign ${campaign.id}: its advertiser is missing`);
  const { appName } = await getAppSettings(tx);
  const confirmed = Boolean(advertiser.confirmed);
  await queueEmailOnce(
    tx,
    eventKey(campaign.id, event),
    campaignMail(advertiser.email, confirmed ? advertiser.name : null, event, {
      appName,
      campaignId: campaign.id,
      reference: campaign.reference,
      title: confirmed ? campaign.title : null,
      budgetKobo: campaign.budgetKobo,
    }),
  );
}
