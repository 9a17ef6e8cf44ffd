import type { PgSelect } from "drizzle-orm/pg-core";
import { z } from "zod";

/**
 * Paging for the admin lists, one way: the page comes from `?page=` (anything unusable reads as
 * page 1), the domain counts the matching rows and clamps the page to 1…pageCount (an empty list
 * is one empty page), and the page's links keep the search and filter.
 */

/** `?page=`: a whole number from 1 to 100,000; anything else is page 1. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** Which page of a list is shown and how many there are. */
export type PageInfo = { page: number; pageCount: number; total: number };

/** The page shown for `total` rows: the one asked for, clamped to 1…pageCount; with the rows to skip and take. */
export function pageWindow(
  total: number,
  requested: number | undefined,
  pageSize: number,
): PageInfo & { offset: number; limit: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested ?? 1) || 1), pageCount);
  return { page, pageCount, total, offset: (page - 1) * pageSize, limit: pageSize };
}

/** The rows of the page: `query` (a `$dynamic()` select, in its list's order) from the window's offset. */
export function onPage<T extends PgSelect>(query: T, window: { offset: number; limit: number }) {
  return query.limit(window.limit).offset(window.offset);
}

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export const likeEscape = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A link to a list page with these query parameters, those that are undefined or empty (a filter
 * at its default, no search) and page 1 left out: "?q=ada&page=2", or "." for the plain list.
 * With `path`, the link names the list itself ("/admin/adverts?page=2", "/admin/adverts"), for a
 * page that another route also renders.
 */
export function listHref(params: Record<string, string | number | undefined>, path = ""): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === "" || (name === "page" && Number(value) <= 1)) continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path || ".";
}
