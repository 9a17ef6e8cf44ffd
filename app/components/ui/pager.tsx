import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * The one pager under every list: Previous / "Page N of M" / Next as plain links (they work
 * before JavaScript loads), each keeping the list's search and filter through `hrefFor`. Nothing
 * is shown for a list that fits on one page; at either end the missing link stays in place,
 * greyed out, so the other does not jump.
 */
export function Pager({
  page,
  pageCount,
  hrefFor,
  label = "Pages",
  className,
}: {
  page: number;
  pageCount: number;
  /** The address of another page of the same list (usually `listHref({ ...params, page })`). */
  hrefFor: (page: number) => string;
  /** The navigation landmark's name, when a screen has more than one list. */
  label?: string;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-3", className)}>
      <PageLink to={page > 1 ? hrefFor(page - 1) : undefined} rel="prev">
        Previous
      </PageLink>
      <span className="text-sm text-gray-600">
        Page {page} of {pageCount}
      </span>
      <PageLink to={page < pageCount ? hrefFor(page + 1) : undefined} rel="next">
        Next
      </PageLink>
    </nav>
  );
}

function PageLink({ to, rel, children }: { to?: string; rel: "prev" | "next"; children: string }) {
  if (!to) {
    return (
      <span
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "pointer-events-none opacity-50")}
        aria-disabled="true"
      >
        {children}
      </span>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} rel={rel}>
        {children}
      </Link>
    </Button>
  );
}
