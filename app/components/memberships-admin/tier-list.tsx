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

/** The tiers, lowest first: a table on wide screens, one card per tier on phones. */
export function TierList({ tiers }: { tiers: AdminTierRow[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Membership tiers</caption>
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Tier
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Price
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Daily advert limit
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Benefits
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {tiers.map((tier) => (
              <tr key={tier.id} data-testid={`tier-row-${tier.id}`}>
                <th scope="row" className="px-4 py-3 align-top font-medium">
                  {tier.name}
                </th>
                <td className="whitespace-nowrap px-4 py-3 text-right align-top tabular-nums">
                  {tier.free ? "Free" : tier.price}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right align-top tabular-nums">
                  {perDay(tier.dailyAdViews)}
                </td>
                <td className="px-4 py-3 align-top text-gray-700">
                  <Benefits tier={tier} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Membership tiers">
        {tiers.map((tier) => (
          <li
            key={tier.id}
            className="rounded-lg border border-gray-200 bg-white p-4"
            data-testid={`tier-card-${tier.id}`}
          >
            <div className="flex items-baseline justify-between gap-2">
              <p className="font-semibold">{tier.name}</p>
              <p className="font-semibold tabular-nums">{tier.free ? "Free" : tier.price}</p>
            </div>
            <p className="mt-1 text-sm text-gray-700">{perDay(tier.dailyAdViews)}</p>
            <div className="mt-2 text-sm text-gray-700">
              <Benefits tier={tier} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
