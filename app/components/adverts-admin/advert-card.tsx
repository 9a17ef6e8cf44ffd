import { Megaphone, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ADVERT_STATUS_BADGES, type AdvertStatus } from "~/domain/adverts/advert-status";

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
  status: AdvertStatus;
};

/** The wording admins know from the product's first version; keep it word for word. */
export const DELETE_CONFIRMATION = "Are you sure you want to delete this advert? This action cannot be undone.";

/** Where Delete posts (app/routes/admin/adverts/delete.tsx). */
export const DELETE_ADVERT_ACTION = "/admin/adverts/delete";

const count = new Intl.NumberFormat("en-NG");

export const clicksText = (advert: AdminAdvertCard) =>
  `${count.format(advert.currentClicks)} / ${count.format(advert.maxClicks)}`;

export function AdvertStatusBadge({ advert }: { advert: AdminAdvertCard }) {
  return <StatusBadge status={advert.status} badges={ADVERT_STATUS_BADGES} />;
}

/** How many of its paid clicks an advert has used, as a bar. */
export function ClicksUsed({ advert }: { advert: AdminAdvertCard }) {
  const used = Math.min(100, Math.round((advert.currentClicks / advert.maxClicks) * 100));
  return (
    <div
      className="h-1.5 overflow-hidden rounded-full bg-gray-100"
      role="progressbar"
      aria-label={`Clicks used for ${advert.title}`}
      aria-valuemin={0}
      aria-valuemax={advert.maxClicks}
      aria-valuenow={advert.currentClicks}
    >
      <div
        className={advert.status === "Active" ? "h-full bg-brand-600" : "h-full bg-blue-500"}
        style={{ width: `${used}%` }}
      />
    </div>
  );
}

/**
 * An advert's picture (an admin's advert or an advertiser's campaign), or a megaphone in its
 * place: across a card, or `small` beside a table row's text.
 */
export function AdvertPicture({ src, alt, small = false }: { src: string | null; alt: string; small?: boolean }) {
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        width={640}
        height={360}
        className={`aspect-video bg-gray-100 object-cover ${small ? "w-20 shrink-0 self-start rounded" : "w-full rounded-md"}`}
      />
    );
  }
  return (
    <div
      className={`flex items-center justify-center bg-brand-600/5 text-brand-600/40 ${small ? "aspect-video w-20 shrink-0 self-start rounded" : "h-20 w-full rounded-md"}`}
      aria-hidden
    >
      <Megaphone className={small ? "h-6 w-6" : "h-12 w-12"} />
    </div>
  );
}

/** Edit (the dialog, through the URL) and Delete (confirmed first). */
export function AdvertActions({ advert, editTo }: { advert: AdminAdvertCard; editTo: string }) {
  return (
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
        fields={{ advertId: advert.id }}
        action={DELETE_ADVERT_ACTION}
        destructive
      />
    </div>
  );
}

/** An advert as a phone shows it: picture, title, reward, clicks used, and its buttons. */
export function AdvertCard({ advert, editTo }: { advert: AdminAdvertCard; editTo: string }) {
  return (
    <div className="grid gap-3">
      <AdvertPicture src={advert.imageSrc} alt={advert.title} />
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-base font-semibold text-gray-900">{advert.title}</h2>
        <AdvertStatusBadge advert={advert} />
      </div>
      <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-gray-700">{advert.description}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-600">Reward</dt>
          <dd className="font-semibold text-gray-900">{advert.rewardText}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Clicks</dt>
          <dd className="font-semibold text-gray-900">{clicksText(advert)}</dd>
        </div>
      </dl>
      <ClicksUsed advert={advert} />
      <AdvertActions advert={advert} editTo={editTo} />
    </div>
  );
}
