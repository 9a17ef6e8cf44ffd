import { Megaphone } from "lucide-react";
import { data, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { z } from "zod";
import type { Route } from "./+types/advert";
import { ClaimCountdown } from "~/components/dashboard/claim-countdown";
import { Card } from "~/components/ui/card";
import { ViewEnded } from "~/components/dashboard/view-ended";
import {
  AdvertIdSchema,
  advertClaimPath,
  advertViewEndedPath,
  advertVisibilityPath,
  VIEW_ENDED_PARAM,
} from "~/domain/adverts/advert-claim";
import { ATTENTION_CHECK_TITLE } from "~/domain/adverts/attention-check";
import { advertBeingViewed, startAdvertView } from "~/domain/adverts/advert-views.server";
import { type AdvertOutcome, advertToast } from "~/domain/adverts/claim-toasts";
import { advertImageRules } from "~/domain/adverts/validation";
import { displayImageUrl } from "~/domain/shared/image-url";
import { formatKobo } from "~/domain/shared/money";
import { pageTitle } from "~/lib/meta";
import { requireMember } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

// While the attention check is asked the advert is off the page, its title too.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(
    matches,
    loaderData?.ended
      ? loaderData.ended.title
      : loaderData?.check
        ? ATTENTION_CHECK_TITLE
        : (loaderData?.advert?.title ?? "Advert"),
  );

const IntentSchema = z.object({ intent: z.literal("start") });

type Context = Route.LoaderArgs["context"];

/** Back to the dashboard with the outcome's toast (Reward Earned!, or why nothing was paid). */
function toDashboard(context: Context, outcome: AdvertOutcome) {
  return redirectWithToast(context, "/dashboard", advertToast(outcome));
}

/**
 * Shows the advert being viewed, with the seconds still to wait. Only after "View Advert"
 * started a view (and until another advert is opened): otherwise the member goes to the
 * dashboard. Reads only: the countdown continues, it never restarts.
 * Once a claim has brought the attention check, the page shows it to answer (without JavaScript
 * too: the claim's form post comes back here).
 * `?early=1`: a claim posted without JavaScript came too soon (server/advert-claim.ts); the page
 * says so in words, as there is no toast without JavaScript.
 * `?ended=1` (advertViewEndedPath): the member's view of it ended (they opened another advert):
 * with no view in progress the page says so and offers "View again"; a view in progress shows.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const advertId = AdvertIdSchema.safeParse(params.advertId);
  if (!advertId.success) throw redirect("/dashboard");
  const view = await advertBeingViewed(context.services.db, user.id, advertId.data);
  const url = new URL(request.url);
  if (view.status === "not-started") {
    if (!url.searchParams.has(VIEW_ENDED_PARAM)) throw redirect("/dashboard");
    const { id, title, rewardKobo } = view.advert;
    return { ended: { id, title, reward: formatKobo(rewardKobo) } } as const;
  }
  if (view.status !== "ok") throw await toDashboard(context, view);
  const early = view.secondsLeft > 0 && url.searchParams.has("early");
  return {
    ended: null,
    notice: early ? (advertToast({ status: "too-early", secondsLeft: view.secondsLeft }).description ?? null) : null,
    claimPath: advertClaimPath(view.advert.id),
    visibilityPath: advertVisibilityPath(view.advert.id),
    endedPath: advertViewEndedPath(view.advert.id),
    // Only once the countdown has ended and a claim asked for it: never on the page before.
    check: view.check,
    advertId: view.advert.id,
    // While the check is asked the advert is not sent at all: its answer is to be remembered.
    advert: view.check
      ? null
      : {
          title: view.advert.title,
          description: view.advert.description,
          reward: formatKobo(view.advert.rewardKobo),
          imageUrl: displayImageUrl(view.advert.imageUrl, advertImageRules(context.services.config.appUrl), null),
          // A campaign's advert names its business.
          businessName: view.advert.businessName,
        },
    dwellSeconds: view.dwellSeconds,
    secondsLeft: view.secondsLeft,
  };
}

/** "View Advert" on the dashboard (intent=start). "Claim Reward" posts to advertClaimPath. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  const advertId = AdvertIdSchema.safeParse(params.advertId);
  const form = IntentSchema.safeParse(await readForm(request));
  if (!form.success) throw data({ message: "Unknown form action." }, { status: 400 });
  if (!advertId.success) return toDashboard(context, { status: "not-found" });
  const started = await startAdvertView(context.services.db, user.id, advertId.data);
  if (started.status !== "ok") return toDashboard(context, started);
  return redirect(`/adverts/${encodeURIComponent(advertId.data)}`);
}

export default function AdvertView({ loaderData }: Route.ComponentProps) {
  if (loaderData.ended) {
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-4">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
        <Card className="p-0">
          <ViewEnded advert={loaderData.ended} />
        </Card>
      </div>
    );
  }
  const { advert } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <Card className="grid gap-4 p-0">
        <ClaimCountdown
          // A new figure from the server restarts the countdown; nothing restarts an asked check.
          key={`${loaderData.advertId}:${loaderData.check ? "check" : loaderData.secondsLeft}`}
          claimPath={loaderData.claimPath}
          visibilityPath={loaderData.visibilityPath}
          endedPath={loaderData.endedPath}
          check={loaderData.check}
          secondsLeft={loaderData.secondsLeft}
          dwellSeconds={loaderData.dwellSeconds}
          notice={loaderData.notice}
          advert={
            advert && (
              <>
                {advert.imageUrl ? (
                  <img
                    src={advert.imageUrl}
                    alt=""
                    className="aspect-video w-full rounded-t-lg bg-gray-100 object-cover"
                    referrerPolicy="no-referrer"
                  />
                ) : (
                  <div className="flex h-24 w-full items-center justify-center rounded-t-lg bg-brand-50 text-brand-700">
                    <Megaphone className="h-10 w-10" aria-hidden />
                  </div>
                )}
                <div className="grid gap-4 px-5">
                  <div>
                    <p className="text-sm font-medium text-gray-600">Now viewing</p>
                    <h1 className="mt-1 break-words text-2xl font-bold">{advert.title}</h1>
                    {advert.businessName ? (
                      <p className="mt-1 break-words text-sm text-gray-700" data-testid="advert-business">
                        From <bdi className="font-medium text-gray-900">{advert.businessName}</bdi>
                      </p>
                    ) : null}
                    <p className="mt-2 text-lg font-semibold text-brand-700">
                      Reward: <span data-testid="advert-reward">{advert.reward}</span>
                    </p>
                  </div>
                  <p className="whitespace-pre-line break-words text-gray-700">{advert.description}</p>
                </div>
              </>
            )
          }
        />
      </Card>
    </div>
  );
}
