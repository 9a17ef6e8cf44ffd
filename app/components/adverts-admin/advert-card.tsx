import { Megaphone, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

/** One advert as Manage Adverts shows it (money already formatted on the server). */
export type AdminAdvertCard = {
  id: string;
  title: string;
  description: string;
  rewardText: string;
  maxClicks: number;
  currentClicks: number;
  /** The image to show: the stored address only when it is acceptable (app/domain/shared/image-url.ts). */
  imageSrc: string | null;
  status: "Active" | "Completed";
};

/** The wording admins know from the product's first version; keep it word for word. */
export const DELETE_CONFIRMATION = "Are you sure you want to delete this advert? This action cannot be undone.";

const count = new Intl.NumberFormat("en-NG");

export function AdvertCard({ advert, editTo }: { advert: AdminAdvertCard; editTo: string }) {
  const active = advert.status === "Active";
  const used = Math.min(100, Math.round((advert.currentClicks / advert.maxClicks) * 100));
  return (
    <li
      className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
      data-testid={`advert-card-${advert.id}`}
    >
      {advert.imageSrc ? (
        <img
          src={advert.imageSrc}
          alt={advert.title}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          width={640}
          height={360}
          className="aspect-video w-full bg-gray-100 object-cover"
        />
      ) : (
        // Same shape as a picture, so cards in a row line up.
        <div
          className="flex h-20 w-full items-center justify-center bg-brand-600/5 text-brand-600/40 sm:aspect-video sm:h-auto"
          aria-hidden
        >
          <Megaphone className="h-12 w-12" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 break-words text-base font-semibold text-gray-900">{advert.title}</h2>
          <Badge tone={active ? "green" : "blue"} className="shrink-0">
            {advert.status}
          </Badge>
        </div>
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-gray-700">{advert.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-gray-600">Reward</dt>
            <dd className="font-semibold text-gray-900">{advert.rewardText}</dd>
          </div>
          <div>
            <dt className="text-gray-600">Clicks</dt>
            <dd className="font-semibold text-gray-900">
              {count.format(advert.currentClicks)} / {count.format(advert.maxClicks)}
            </dd>
          </div>
        </dl>
        <div
          className="h-1.5 overflow-hidden rounded-full bg-gray-100"
          role="progressbar"
          aria-label={`Clicks used for ${advert.title}`}
          aria-valuemin={0}
          aria-valuemax={advert.maxClicks}
          aria-valuenow={advert.currentClicks}
        >
          <div className={active ? "h-full bg-brand-600" : "h-full bg-blue-500"} style={{ width: `${used}%` }} />
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm" className="flex-1">
            <Link to={editTo} preventScrollReset id={`edit-advert-${advert.id}`}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit<span className="sr-only"> {advert.title}</span>
            </Link>
          </Button>
          <ConfirmAction
            trigger={
              <Button type="button" variant="outline" size="sm" className="flex-1 text-red-700">
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete<span className="sr-only"> {advert.title}</span>
              </Button>
            }
            title="Delete advert?"
            description={DELETE_CONFIRMATION}
            confirmLabel="Delete"
            fields={{ intent: "delete", advertId: advert.id }}
            destructive
          />
        </div>
      </div>
    </li>
  );
}
