import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { DAILY_LIMIT_TITLE } from "~/domain/adverts/claim-toasts";
import { UPGRADE_REQUEST_PATH } from "~/domain/memberships/upgrade-view";
// The grid's icons, once per page (and cached) rather than an inline <svg> in every card.
import icons from "./icons.svg?no-inline";

export type AdvertCard = {
  id: string;
  title: string;
  description: string;
  reward: string;
  imageUrl: string | null;
  /** A campaign's advert: the business that runs it. */
  businessName: string | null;
};

export const NO_ADVERTS = "No available adverts at the moment. Check back later!";

/** Why every View Advert is off once today's limit is used up (shown before anyone presses one). */
export const DAILY_LIMIT_REACHED = "Daily limit reached — come back tomorrow.";

/** When the daily limit starts again (the Africa/Lagos day, as the claim counts it). */
export const DAILY_LIMIT_RESETS =
  "Your limit resets at midnight, Lagos time; until then these adverts are unavailable.";

/** What an upgrade does to the daily limit: the next tier's (or the pending request's), read live. */
export type LimitRaise = { tierName: string; dailyLimit: number; pending: boolean };

/** Cards per "page" of the grid: the dashboard shows ADVERTS_PER_PAGE × ?page (at most MAX_ADVERT_PAGES). */
export const ADVERTS_PER_PAGE = 12;
export const MAX_ADVERT_PAGES = 16;

/** The grid's `?page` (1 when absent or invalid) and how many adverts to read: one more than shown, to know whether there are more. */
export function advertsPageFrom(request: Request): { page: number; shown: number; read: number } {
  const raw = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, MAX_ADVERT_PAGES) : 1;
  return { page, shown: page * ADVERTS_PER_PAGE, read: page * ADVERTS_PER_PAGE + 1 };
}

/** The first card of each further page is the target of "Show more" (#adverts-page-N). */
const pageAnchor = (page: number) => `adverts-page-${page}`;

function Icon({ name, className }: { name: "eye" | "megaphone"; className: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${icons}#${name}`} />
    </svg>
  );
}

/**
 * The Available Adverts grid. "View Advert" is a plain POST form to /adverts/:id (intent=start),
 * so it works before JavaScript loads; the server decides whether the member may view it.
 * "Show more adverts" is a link to ?page=N+1 (the first N+1 pages), so it works without
 * JavaScript too; with it, focus moves to the first new card's View Advert button. Once today's
 * views reach the daily limit, each card says "Unavailable today" instead, and the grid says why,
 * when the limit resets and what an upgrade raises it to. On a phone each card's picture is a
 * thumbnail beside its title, so the first View Advert is on the first screen.
 */
export function AvailableAdverts({
  adverts,
  page = 1,
  hasMore = false,
  todayViews,
  dailyLimit,
  limitRaise = null,
  notice,
}: {
  adverts: AdvertCard[];
  /** The `?page` shown: ADVERTS_PER_PAGE × page cards at most. */
  page?: number;
  /** More adverts than shown: offer "Show more adverts". */
  hasMore?: boolean;
  todayViews: number;
  dailyLimit: number;
  limitRaise?: LimitRaise | null;
  /** Why the last View Advert or claim was refused, shown inline (the toast may not show without JS). */
  notice?: { title: string; description?: string } | null;
}) {
  const navigation = useNavigation();
  const starting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "start" ? navigation.formAction : null;
  const grid = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || adverts.length <= from) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLButtonElement>("button[type='submit']")[from]?.focus({ preventScroll: true });
  }, [adverts.length]);
  const next = page + 1;
  const loadingMore =
    navigation.state === "loading" && new URLSearchParams(navigation.location.search).get("page") === String(next);
  // Today's views used up: no View Advert leads anywhere until tomorrow (Lagos day).
  const limitReached = todayViews >= dailyLimit && adverts.length > 0;
  // The refusal that says the same (a View Advert posted from an older page) is not said twice.
  const shownNotice = limitReached && notice?.title === DAILY_LIMIT_TITLE ? null : notice;
  return (
    <Card aria-labelledby="available-adverts-title" className="p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="available-adverts-title">Available Adverts</CardTitle>
        {/* On a phone the figures just above say it ("Today: 1 of 5 views used"). */}
        <p className="hidden text-sm text-gray-600 sm:block" data-testid="daily-views">
          <span className="font-semibold tabular-nums text-gray-900">
            {todayViews} / {dailyLimit}
          </span>{" "}
          views today
        </p>
      </div>
      {shownNotice ? (
        <div
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="advert-notice"
        >
          <p className="font-semibold">{shownNotice.title}</p>
          {shownNotice.description ? <p className="mt-0.5">{shownNotice.description}</p> : null}
        </div>
      ) : null}
      {limitReached ? (
        <p
          id="daily-limit-reached"
          className="mt-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="daily-limit-reached"
        >
          <span className="font-semibold">{DAILY_LIMIT_REACHED}</span> You have viewed {todayViews} of {dailyLimit}{" "}
          adverts today. {DAILY_LIMIT_RESETS} <LimitRaiseText raise={limitRaise} />
        </p>
      ) : null}
      {adverts.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-600">
          {NO_ADVERTS}
        </p>
      ) : (
        <ul
          ref={grid}
          className="mt-3 grid grid-cols-1 gap-3 sm:mt-4 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3"
          data-testid="advert-grid"
        >
          {adverts.map((advert, index) => {
            const action = `/adverts/${encodeURIComponent(advert.id)}`;
            const busy = starting === action;
            const firstOfPage = index > 0 && index % ADVERTS_PER_PAGE === 0;
            return (
              <li
                key={advert.id}
                id={firstOfPage ? pageAnchor(index / ADVERTS_PER_PAGE + 1) : undefined}
                className="flex scroll-mt-20 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white"
                data-testid="advert-card"
              >
                {/* A phone: the picture a thumbnail beside the title and reward; wider, across the top. */}
                <div className="flex items-start gap-3 p-3 pb-0 sm:block sm:p-0">
                  {advert.imageUrl ? (
                    <img
                      src={advert.imageUrl}
                      alt=""
                      width={640}
                      height={360}
                      loading="lazy"
                      referrerPolicy="no-referrer"
                      className="aspect-video w-24 shrink-0 rounded bg-gray-100 object-cover sm:w-full sm:rounded-none"
                    />
                  ) : (
                    <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded bg-brand-50 text-brand-700 sm:h-20 sm:w-full sm:rounded-none">
                      <Icon name="megaphone" className="h-6 w-6 sm:h-8 sm:w-8" />
                    </div>
                  )}
                  <div className="min-w-0 sm:px-4 sm:pt-4">
                    {/* Beside the thumbnail on a phone, two lines at most: the advert's page has it whole. */}
                    <h3 className="line-clamp-2 break-words font-semibold text-gray-900 sm:line-clamp-none">
                      {advert.title}
                    </h3>
                    {advert.businessName ? (
                      <p className="break-words text-xs text-gray-600" data-testid="advert-business">
                        From <bdi className="font-medium text-gray-800">{advert.businessName}</bdi>
                      </p>
                    ) : null}
                    <p className="mt-1 text-sm sm:mt-2">
                      Reward: <span className="font-semibold text-brand-700">{advert.reward}</span>
                    </p>
                  </div>
                </div>
                <div className="flex flex-1 flex-col gap-2 p-3 pt-2 sm:p-4 sm:pt-2">
                  <p className="line-clamp-1 break-words text-sm text-gray-600 sm:line-clamp-2">{advert.description}</p>
                  {limitReached ? (
                    <div className="mt-auto sm:pt-2">
                      <Button
                        type="button"
                        variant="outline"
                        className="w-full"
                        disabled
                        aria-label={`Unavailable today: ${advert.title}`}
                        aria-describedby="daily-limit-reached"
                        data-testid="advert-unavailable"
                      >
                        Unavailable today
                      </Button>
                    </div>
                  ) : (
                    <Form method="post" action={action} className="mt-auto sm:pt-2">
                      <input type="hidden" name="intent" value="start" />
                      <Button
                        type="submit"
                        className="w-full"
                        disabled={starting !== null}
                        aria-label={`View Advert: ${advert.title}`}
                      >
                        <Icon name="eye" className="h-4 w-4" />
                        {busy ? "Opening..." : "View Advert"}
                      </Button>
                    </Form>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && adverts.length > 0 ? (
        <div className="mt-4 flex justify-center">
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <Link
              to={`?page=${next}#${pageAnchor(next)}`}
              preventScrollReset
              onClick={() => (focusFrom.current = adverts.length)}
              data-testid="more-adverts"
            >
              {loadingMore ? "Loading..." : "Show more adverts"}
            </Link>
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** "Upgrade to Advert Bronze to view up to 10 adverts a day." (or, requested, once it is approved). */
function LimitRaiseText({ raise }: { raise: LimitRaise | null }) {
  if (!raise) return null;
  if (raise.pending) {
    return (
      <>
        Once your upgrade to {raise.tierName} is approved, you can view up to {raise.dailyLimit} adverts a day.
      </>
    );
  }
  return (
    <>
      <Link to={UPGRADE_REQUEST_PATH} className="font-medium underline underline-offset-2">
        Upgrade to {raise.tierName}
      </Link>{" "}
      to view up to {raise.dailyLimit} adverts a day.
    </>
  );
}
