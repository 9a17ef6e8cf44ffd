import { z } from "zod";
import type { Toast } from "~/lib/toast";
import type { AttentionCheck } from "./attention-check";

/** Advert ids are opaque 21-character URL-safe strings; anything else cannot be an advert. */
export const AdvertIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Where "Claim Reward" posts (server/advert-claim.ts). */
export const advertClaimPath = (advertId: string) => `/adverts/${encodeURIComponent(advertId)}/claim`;

/**
 * The field the advert page's Claim Reward form sends (value "1"): the page showed this view in
 * progress, so a claim that finds it gone was ended by another advert (claimAdvertReward).
 */
export const FROM_VIEW_PAGE_FIELD = "fromViewPage";

/** The advert page's query parameter saying the member's view of it ended (see advertViewEndedPath). */
export const VIEW_ENDED_PARAM = "ended";

/**
 * The advert's page once the member's view of it has ended (opening another advert ends it,
 * startAdvertView): its claim from that page answers "view-ended", or the page's visibility
 * report finds no view in progress. The page then says so and offers "View again" (a new view,
 * by the same POST as View Advert). Without the parameter, a page with no view goes to the dashboard.
 */
export const advertViewEndedPath = (advertId: string) =>
  `/adverts/${encodeURIComponent(advertId)}?${VIEW_ENDED_PARAM}=1`;

/** Where the advert page's script reports that it became visible or hidden (server/advert-claim.ts). */
export const advertVisibilityPath = (advertId: string) => `/adverts/${encodeURIComponent(advertId)}/visibility`;

/** The visibility report's one field: "1" visible, "0" hidden. */
export const VISIBLE_FIELD = "visible";

/**
 * How often a visible page says it still is, and the most one report can add to the view's
 * visible time (decision 028): a page frozen without a "hidden" report (a phone locked mid-send)
 * gains no more than the cap, while one late heartbeat on a slow network loses nothing.
 */
export const VISIBILITY_HEARTBEAT_MS = 5_000;
export const VISIBILITY_REPORT_CAP_MS = 10_000;

/**
 * The claim's answer to the page's script (Accept: application/json): where to go next with the
 * outcome's toast, or — too early — the seconds still to wait.
 */
export type ClaimAnswer =
  | { redirectTo: string; toast?: Toast }
  | { secondsLeft: number; toast: Toast }
  /** The countdown has ended: the attention check to answer (then claimed again with the answer). */
  | { check: AttentionCheck };

/** The visibility report's answer: the seconds the server still counts to wait. */
export type VisibilityAnswer = { secondsLeft: number };
