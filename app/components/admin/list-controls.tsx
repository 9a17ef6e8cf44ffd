import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * The controls every admin list shares: a GET search form (keeping the current filter), filter
 * tabs with counts (the pager under the list is the one `Pager`, app/components/ui/pager.tsx). Links
 * and forms only, so they work without JS.
 */
export function ListSearch({
  id,
  label,
  placeholder,
  q,
  keep,
}: {
  id: string;
  label: string;
  placeholder: string;
  q: string;
  /** Query parameters the search keeps (e.g. the current filter); undefined ones are left out. */
  keep: Record<string, string | undefined>;
}) {
  return (
    <Form method="get" role="search" className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input id={id} name="q" type="search" defaultValue={q} placeholder={placeholder} />
      {Object.entries(keep).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

export function ListFilters<T extends string>({
  label,
  filters,
  current,
  labels,
  counts,
  hrefFor,
}: {
  label: string;
  filters: readonly T[];
  current: T;
  labels: Record<T, string>;
  counts: Record<T, number>;
  hrefFor: (filter: T) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {filters.map((filter) => (
        <Button key={filter} asChild size="sm" variant={current === filter ? "default" : "outline"}>
          <Link to={hrefFor(filter)} aria-current={current === filter ? "page" : undefined}>
            {labels[filter]} ({counts[filter]})
          </Link>
        </Button>
      ))}
    </nav>
  );
}
