import { Eye, Megaphone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";

export type AdvertCard = { id: string; title: string; description: string; reward: string; imageUrl: string | null };

export const NO_ADVERTS = "No available adverts at the moment. Check back later!";

/**
 * The Available Adverts grid. "View Advert" is a plain POST form to /adverts/:id (intent=start),
 * so it works before JavaScript loads; the server decides whether the member may view it.
 */
export function AvailableAdverts({
  adverts,
  todayViews,
  dailyLimit,
  notice,
}: {
  adverts: AdvertCard[];
  todayViews: number;
  dailyLimit: number;
  /** Why the last View Advert or claim was refused, shown inline (the toast may not show without JS). */
  notice?: { title: string; description?: string } | null;
}) {
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "start" ? navigation.formAction : null;
  return (
    <Card aria-labelledby="available-adverts-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="available-adverts-title">Available Adverts</CardTitle>
        <p className="text-sm text-gray-600" data-testid="daily-views">
          Today&apos;s views: <span className="font-semibold tabular-nums text-gray-900">{todayViews} / {dailyLimit}</span>
        </p>
      </div>
      {notice ? (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="advert-notice">
          <p className="font-semibold">{notice.title}</p>
          {notice.description ? <p className="mt-0.5">{notice.description}</p> : null}
        </div>
      ) : null}
      {adverts.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-600">{NO_ADVERTS}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="advert-grid">
          {adverts.map((advert) => {
            const action = `/adverts/${encodeURIComponent(advert.id)}`;
            const busy = starting === action;
            return (
              <li key={advert.id} className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white" data-testid="advert-card">
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
                    <Megaphone className="h-8 w-8" aria-hidden />
                  </div>
                )}
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h3 className="break-words font-semibold text-gray-900">{advert.title}</h3>
                  <p className="line-clamp-2 break-words text-sm text-gray-600">{advert.description}</p>
                  <p className="text-sm">
                    Reward: <span className="font-semibold text-brand-700">{advert.reward}</span>
                  </p>
                  <Form method="post" action={action} className="mt-auto pt-2">
                    <input type="hidden" name="intent" value="start" />
                    <Button type="submit" className="w-full" disabled={starting !== null} aria-label={`View Advert: ${advert.title}`}>
                      <Eye className="h-4 w-4" aria-hidden />
                      {busy ? "Opening..." : "View Advert"}
                    </Button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
