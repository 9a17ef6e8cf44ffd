import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * The controls every admin list shares: a GET search form (keeping the current filter), filter
 * tabs with counts, and Previous/Next paging. Links and forms only, so they work without JS.
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

/** Previous / "Page N…" / Next; renders nothing when there is neither a previous nor a next page. */
export function ListPager({ previous, next, summary }: { previous?: string; next?: string; summary: string }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between">
      {previous ? (
        <Button asChild variant="outline" size="sm">
          <Link to={previous}>Previous</Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600">{summary}</span>
      {next ? (
        <Button asChild variant="outline" size="sm">
          <Link to={next}>Next</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
