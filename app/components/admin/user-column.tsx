import type { ListColumn } from "~/components/ui/responsive-list";

type Person = { name: string; email: string; displayId: string };

/**
 * An admin list's "User" column: name, email and user ID, one under the other. Left out of the
 * cards, whose header shows the person.
 */
export function userColumn<Row>(person: (row: Row) => Person): ListColumn<Row> {
  return {
    header: "User",
    cell: (row) => {
      const { name, email, displayId } = person(row);
      return (
        <>
          <span className="block font-medium">{name}</span>
          <span className="block break-all text-xs text-gray-600">{email}</span>
          <span className="block font-mono text-xs text-gray-500">{displayId}</span>
        </>
      );
    },
    className: "min-w-44",
    hideInCard: true,
  };
}
