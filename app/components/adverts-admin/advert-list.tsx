import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import {
  AdvertActions,
  AdvertCard,
  AdvertPicture,
  AdvertStatusBadge,
  ClicksUsed,
  clicksText,
  type AdminAdvertCard,
} from "./advert-card";

function columns(editHref: (id: string) => string): ListColumn<AdminAdvertCard>[] {
  return [
    {
      header: "Advert",
      cell: (a) => (
        <div className="flex min-w-64 max-w-lg gap-3">
          <AdvertPicture src={a.imageSrc} alt={a.title} small />
          <div className="min-w-0">
            <p className="break-words font-semibold text-gray-900">{a.title}</p>
            <p className="line-clamp-2 whitespace-pre-line break-words text-gray-700">{a.description}</p>
          </div>
        </div>
      ),
    },
    { header: "Reward", cell: (a) => a.rewardText, align: "end", className: "font-medium" },
    {
      header: "Clicks",
      cell: (a) => (
        <div className="grid min-w-24 gap-1">
          <span>{clicksText(a)}</span>
          <ClicksUsed advert={a} />
        </div>
      ),
      align: "end",
    },
    { header: "Status", cell: (a) => <AdvertStatusBadge advert={a} /> },
    { header: "Actions", cell: (a) => <AdvertActions advert={a} editTo={editHref(a.id)} /> },
  ];
}

/** The admins' adverts: a table from the medium breakpoint up, a card each on a phone; the pager under them. */
export function AdvertList({
  adverts,
  page,
  pageCount,
  pageHref,
  editHref,
}: {
  adverts: AdminAdvertCard[];
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
  editHref: (id: string) => string;
}) {
  return (
    <>
      <ResponsiveList
        rows={adverts}
        rowKey={(a) => a.id}
        columns={columns(editHref)}
        caption="Adverts"
        framed
        empty={
          <Card>
            <p className="text-gray-700">
              {page > 1 ? "No adverts on this page." : "No adverts yet. Create one to start paying members for views."}
            </p>
          </Card>
        }
        card={(a) => <AdvertCard advert={a} editTo={editHref(a.id)} />}
        rowTestId={(a) => `advert-row-${a.id}`}
        cardTestId={(a) => `advert-card-${a.id}`}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={pageHref} />
    </>
  );
}
