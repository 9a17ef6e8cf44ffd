import { z } from "zod";
import type { Toast } from "~/lib/toast";

/** Advert ids are opaque 21-character URL-safe strings; anything else cannot be an advert. */
export const AdvertIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Where "Claim Reward" posts (server/advert-claim.ts). */
export const advertClaimPath = (advertId: string) => `/adverts/${encodeURIComponent(advertId)}/claim`;

/**
 * The field the advert page's Claim Reward form sends (value "1"): the page showed this view in
 * progress, so a claim that finds it gone was ended by another advert (claimAdvertReward).
 */
export const FROM_VIEW_PAGE_FIELD = "fromViewPage";

/**
 * The claim's answer to the page's script (Accept: application/json): where to go next with the
 * outcome's toast, or — too early — the seconds still to wait.
 */
export type ClaimAnswer = { redirectTo: string; toast?: Toast } | { secondsLeft: number; toast: Toast };
