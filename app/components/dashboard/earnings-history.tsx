import { Card, CardTitle } from "~/components/ui/card";

export type EarningsHistoryItem = { id: string; date: string; advert: string; amount: string };

/** The member's advert rewards, newest first (profile). */
export function EarningsHistory({ rows }: { rows: EarningsHistoryItem[] }) {
  return (
    <Card aria-labelledby="earnings-history-title">
      <CardTitle id="earnings-history-title">Earnings history</CardTitle>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">No earnings yet. View adverts on your dashboard to start earning.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="earnings-history">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Advert
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-gray-100 last:border-0">
                  <td className="whitespace-nowrap py-2 pr-3 text-gray-700">{row.date}</td>
                  <td className="break-words py-2 pr-3">{row.advert}</td>
                  <td className="whitespace-nowrap py-2 text-right font-medium tabular-nums text-brand-700">
                    {row.amount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
