import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { DAILY_LIMIT_TITLE } from "~/domain/adverts/claim-toasts";
// The grid's icons, once per page (and cached) rather than an inline <svg> in every card.
import icons from "./icons.svg?no-inline";

export type AdvertCard = { id: string; title: string; description: string; reward: string; imageUrl: string | null };

export const NO_ADVERTS = "No available adverts at the moment. Check back later!";

/** Why every View Advert is off once today's limit is used up (shown before anyone presses one). */
export const DAILY_LIMIT_REACHED = "Daily limit reached — come back tomorrow.";

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
 * views reach the daily limit, each card says "Unavailable today" instead, and the grid says why.
 */
export function AvailableAdverts({
  adverts,
  page = 1,
  hasMore = false,
  todayViews,
  dailyLimit,
  notice,
}: {
  adverts: AdvertCard[];
  /** The `?page` shown: ADVERTS_PER_PAGE × page cards at most. */
  page?: number;
  /** More adverts than shown: offer "Show more adverts". */
  hasMore?: boolean;
  todayViews: number;
  dailyLimit: number;
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
    <Card aria-labelledby="available-adverts-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="available-adverts-title">Available Adverts</CardTitle>
        <p className="text-sm text-gray-600" data-testid="daily-views">
          Today&apos;s views:{" "}
          <span className="font-semibold tabular-nums text-gray-900">
            {todayViews} / {dailyLimit}
          </span>
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
          adverts today; these adverts are unavailable until tomorrow.
        </p>
      ) : null}
      {adverts.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-600">
          {NO_ADVERTS}
        </p>
      ) : (
        <ul ref={grid} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="advert-grid">
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
                {advert.imageUrl ? (
                  <img
                    src={advert.imageUrl}
                    alt=""
                    width={640}
                    height={360}
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    className="aspect-video w-full bg-gray-100 object-cover"
                  />
                ) : (
                  <div className="flex h-20 w-full items-center justify-center bg-brand-50 text-brand-700">
                    <Icon name="megaphone" className="h-8 w-8" />
                  </div>
                )}
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h3 className="break-words font-semibold text-gray-900">{advert.title}</h3>
                  <p className="line-clamp-2 break-words text-sm text-gray-600">{advert.description}</p>
                  <p className="text-sm">
                    Reward: <span className="font-semibold text-brand-700">{advert.reward}</span>
                  </p>
                  {limitReached ? (
                    <div className="mt-auto pt-2">
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
                    <Form method="post" action={action} className="mt-auto pt-2">
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
