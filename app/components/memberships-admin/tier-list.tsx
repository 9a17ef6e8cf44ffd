import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import type { AdminTierRow } from "./types";

function Benefits({ tier }: { tier: AdminTierRow }) {
  if (tier.benefits.length === 0) return <span className="text-gray-500">—</span>;
  return (
    <ul className="list-disc space-y-0.5 pl-5">
      {tier.benefits.map((benefit) => (
        <li key={benefit}>{benefit}</li>
      ))}
    </ul>
  );
}

const perDay = (n: number) => `${n.toLocaleString("en-NG")} ${n === 1 ? "advert" : "adverts"} a day`;
const price = (tier: AdminTierRow) => (tier.free ? "Free" : tier.price);

const COLUMNS: ListColumn<AdminTierRow>[] = [
  { header: "Tier", cell: (tier) => tier.name, rowHeader: true, hideInCard: true },
  { header: "Price", cell: price, align: "end", hideInCard: true },
  { header: "Daily advert limit", cell: (tier) => perDay(tier.dailyAdViews), align: "end" },
  { header: "Benefits", cell: (tier) => <Benefits tier={tier} />, className: "text-gray-700", stackInCard: true },
];

/** The tiers, lowest first: a table on wide screens, one card per tier on phones. */
export function TierList({ tiers }: { tiers: AdminTierRow[] }) {
  return (
    <ResponsiveList
      rows={tiers}
      rowKey={(tier) => tier.id}
      columns={COLUMNS}
      caption="Membership tiers"
      framed
      empty={null}
      rowTestId={(tier) => `tier-row-${tier.id}`}
      cardTestId={(tier) => `tier-card-${tier.id}`}
      cardHeader={(tier) => (
        <div className="flex items-baseline justify-between gap-2">
          <p className="font-semibold">{tier.name}</p>
          <p className="font-semibold tabular-nums">{price(tier)}</p>
        </div>
      )}
    />
  );
}
