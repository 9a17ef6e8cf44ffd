import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { isDatabaseUnavailable } from "~/db/errors.server";
import {
  AdvertIdSchema,
  advertViewEndedPath,
  FROM_VIEW_PAGE_FIELD,
  VISIBLE_FIELD,
  type ClaimAnswer,
  type VisibilityAnswer,
} from "~/domain/adverts/advert-claim";
import { claimAdvertReward, reportVisibility } from "~/domain/adverts/advert-views.server";
import { ANSWER_FIELD, CHOICES } from "~/domain/adverts/attention-check";
import { LAST_SEEN_RESOLUTION_MS, recordSignals } from "~/domain/risk/signals.server";
import { advertToast, type AdvertOutcome } from "~/domain/adverts/claim-toasts";
import { homePathFor } from "~/domain/permissions/permissions";
import { UNEXPECTED_ERROR_MESSAGE } from "~/lib/error-messages";
import { errorToast } from "~/lib/toast";
import { findCurrentUser, SERVICE_UNAVAILABLE_MESSAGE } from "~/server/auth.server";
import type { Services } from "~/server/services.server";
import { toastCookieHeader } from "~/server/toast.server";
import { requestIdOf } from "./request-log";

/**
 * POST /adverts/:advertId/claim — "Claim Reward". The one write every earning member repeats
 * all day, so it is served here rather than through React Router (docs/decisions/011): the
 * security middleware in front of it is the same (origin check, body limit, logging), the rules
 * are claimAdvertReward's.
 *
 * One handler, two answers. A form post (no JavaScript yet) gets a redirect: to the dashboard
 * with the outcome in the toast cookie, or back to the advert while the countdown runs or when its
 * attention check waits for an answer (the page shows it), or when another advert ended the view
 * (the page offers "View again"). The page's script asks for JSON and
 * gets the same outcome to show and where to go, or the check to ask. Errors: 503
 * (database unreachable) and 500, with a message either way; a body that cannot be read, its
 * 4xx (refuseUnreadableClaim).
 */
export function advertClaimHandler(services: Services): (RequestHandler | ErrorRequestHandler)[] {
  return [readClaimForm, refuseUnreadableClaim(services), claim(services)];
}

/** The claim form's one field, urlencoded (the form post and the script send the same). */
const readClaimForm = express.urlencoded({ extended: false, limit: "1kb", parameterLimit: 10 });

const UNREADABLE_CLAIM = errorToast("Claim Not Sent", "Your claim could not be read. Please try again.");

/**
 * A body readClaimForm refuses (over 1 KB: 413, too many fields: 413, an unknown charset or
 * encoding: 415, a broken one: 400) is answered as the claim answers, not with Express's HTML
 * error page: the script gets its status and `{ message }` (shown in its toast); a form post goes
 * back to the advert, the view still running, with the toast. Nothing is claimed.
 */
function refuseUnreadableClaim(services: Services): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    const status = bodyReaderStatus(err);
    if (status === null || res.headersSent) return next(err);
    if (wantsJson(req)) return void res.status(status).json({ message: UNREADABLE_CLAIM.description });
    const advertId = AdvertIdSchema.safeParse(req.params.advertId);
    res.setHeader("Set-Cookie", toastCookieHeader({ services }, UNREADABLE_CLAIM));
    redirect(res, advertId.success ? `/adverts/${encodeURIComponent(advertId.data)}` : "/dashboard");
  };
}

/** The 4xx of an error from Express's body reader (it carries a `type` such as "entity.too.large"), else null. */
function bodyReaderStatus(err: unknown): number | null {
  if (typeof err !== "object" || err === null || typeof (err as { type?: unknown }).type !== "string") return null;
  const status = (err as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

function claim(services: Services): RequestHandler {
  return async (req, res, next) => {
    const json = wantsJson(req);
    try {
      const user = await findCurrentUser(req.headers.cookie ?? null, services);
      if (!user) return void answer(res, json, "/login");
      if (user.role !== "user") return void answer(res, json, homePathFor(user.role));

      const advertId = AdvertIdSchema.safeParse(req.params.advertId);
      const form = formOf(req);
      const fromViewPage = form[FROM_VIEW_PAGE_FIELD] === "1";
      const picked = answerOf(form[ANSWER_FIELD]);
      const result = advertId.success
        ? await claimAdvertReward(services.db, user.id, advertId.data, new Date(), { fromViewPage, answer: picked })
        : ({ status: "not-found" } as const);
      if (result.status === "check" && advertId.success) {
        // The countdown has ended: the question now, never before (the page had no choices).
        if (json) return void res.json({ check: result.check } satisfies ClaimAnswer);
        return void redirect(res, `/adverts/${encodeURIComponent(advertId.data)}`);
      }
      const outcome: AdvertOutcome = result.status === "check" ? { status: "not-found" } : result;
      const toast = advertToast(outcome);
      if (outcome.status === "ok") await recordClaimSignals(services, res, user.id);

      if (outcome.status === "too-early" && advertId.success) {
        // The view goes on: the page shows the seconds left (and, without JavaScript, why).
        if (json) return void res.status(409).json({ secondsLeft: outcome.secondsLeft, toast } satisfies ClaimAnswer);
        return void redirect(res, `/adverts/${encodeURIComponent(advertId.data)}?early=1`);
      }
      // A view another advert ended: back to its page, which says so and offers "View again".
      const landing =
        outcome.status === "view-ended" && advertId.success ? advertViewEndedPath(advertId.data) : "/dashboard";
      if (json) return void res.json({ redirectTo: landing, toast } satisfies ClaimAnswer);
      res.setHeader("Set-Cookie", toastCookieHeader({ services }, toast));
      redirect(res, landing);
    } catch (err) {
      if (res.headersSent) return next(err);
      if (isDatabaseUnavailable(err)) {
        res.status(503).set("Retry-After", "5");
        return void fail(res, json, SERVICE_UNAVAILABLE_MESSAGE);
      }
      // Logged as React Router's handleError logs an action's error (entry.server.tsx).
      services.log.error({ err, requestId: requestIdOf(res), url: req.originalUrl }, "unhandled error");
      res.status(500);
      fail(res, json, UNEXPECTED_ERROR_MESSAGE);
    }
  };
}

/**
 * The device a paid view came from (app/domain/risk): a farm's scripts claim from the phones its
 * accounts share. Its network is not recorded here: sign-ins record networks, and a claim's
 * network alone links nothing. A member claims from the same phone all day: what this process
 * recorded within the hour is not sent again (recordSignals would write nothing either), so the
 * common claim costs no statement. A failure is logged, never the member's reward.
 */
async function recordClaimSignals(services: Services, res: Response, userId: string) {
  const deviceId = String(res.locals.deviceId ?? "");
  if (!deviceId) return;
  const key = `${userId}|${deviceId}`;
  const now = Date.now();
  const recorded = recentClaimSignals.get(key);
  if (recorded !== undefined && now - recorded < LAST_SEEN_RESOLUTION_MS) return;
  try {
    await recordSignals(services.db, userId, [{ kind: "device", value: deviceId }]);
    recentClaimSignals.delete(key);
    recentClaimSignals.set(key, now);
    // The oldest first out: a Map keeps insertion order.
    if (recentClaimSignals.size > RECENT_CLAIM_SIGNALS_MAX) {
      recentClaimSignals.delete(recentClaimSignals.keys().next().value!);
    }
  } catch (err) {
    services.log.error({ err, userId }, "could not record the claim's signals");
  }
}

/** Member and device of the claims this process recorded, with when (at most this many). */
const RECENT_CLAIM_SIGNALS_MAX = 50_000;
const recentClaimSignals = new Map<string, number>();

/**
 * POST /adverts/:advertId/visibility — the advert page's script saying it became visible or hidden
 * (and, while visible, that it still is): reportVisibility keeps the view's visible time. Answers
 * the seconds the server still counts to wait (`navigator.sendBeacon` reads no answer); 204 when
 * there is no view in progress to report on. Behind the same origin check as the claim.
 */
export function advertVisibilityHandler(services: Services): (RequestHandler | ErrorRequestHandler)[] {
  return [
    readClaimForm,
    refuseUnreadableClaim(services),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const user = await findCurrentUser(req.headers.cookie ?? null, services);
        if (!user || user.role !== "user") return void res.status(401).json({ message: "Sign in to view adverts." });
        const advertId = AdvertIdSchema.safeParse(req.params.advertId);
        const visible = formOf(req)[VISIBLE_FIELD];
        if (!advertId.success || (visible !== "1" && visible !== "0")) {
          return void res.status(400).json({ message: "The report could not be read." });
        }
        const reported = await reportVisibility(services.db, user.id, advertId.data, visible === "1");
        if (reported.status !== "ok") return void res.status(204).end();
        res.json({ secondsLeft: reported.secondsLeft } satisfies VisibilityAnswer);
      } catch (err) {
        if (res.headersSent) return next(err);
        if (isDatabaseUnavailable(err)) {
          res.status(503).set("Retry-After", "5");
          return void res.json({ message: SERVICE_UNAVAILABLE_MESSAGE });
        }
        services.log.error({ err, requestId: requestIdOf(res), url: req.originalUrl }, "unhandled error");
        res.status(500).json({ message: UNEXPECTED_ERROR_MESSAGE });
      }
    },
  ];
}

/** The urlencoded body's fields (none when there was no body). */
function formOf(req: Request): Record<string, unknown> {
  const form: unknown = req.body;
  return typeof form === "object" && form !== null ? (form as Record<string, unknown>) : {};
}

/** The member's pick at the attention check: a choice's index, or null (none, or not one of them). */
function answerOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d$/.test(value)) return null;
  const index = Number(value);
  return index < CHOICES ? index : null;
}

/** An error answer: `{ message }` for the script, the message as plain text for a form post. */
function fail(res: Response, json: boolean, message: string) {
  if (json) res.json({ message });
  else res.type("text/plain").send(message);
}

function wantsJson(req: Request): boolean {
  return req.headers.accept?.includes("application/json") === true;
}

/** Sign in, or the member's own home, for someone who cannot claim here. */
function answer(res: Response, json: boolean, redirectTo: string) {
  if (json) res.status(redirectTo === "/login" ? 401 : 403).json({ redirectTo } satisfies ClaimAnswer);
  else redirect(res, redirectTo);
}

/**
 * A 302 with an empty body. Express's res.redirect also writes a body, chosen by content
 * negotiation on Accept (CPU spent on every claim); a browser following the redirect never shows it.
 */
function redirect(res: Response, location: string) {
  res.status(302).location(location).end();
}
