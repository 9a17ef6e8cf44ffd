import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../app/routes";

export type DeclaredRoute = { path: string; file: string };

/** Every route declared in app/routes.ts with its module (index routes take their parent's path). */
export function declaredRoutes(entries: readonly RouteConfigEntry[] = routeConfig, parent = ""): DeclaredRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const self = entry.index || entry.path ? [{ path: own === "" ? "/" : own, file: entry.file }] : [];
    return [...self, ...declaredRoutes(entry.children ?? [], own)];
  });
}

/** Every path declared in app/routes.ts, in order. */
export function declaredPaths(entries: readonly RouteConfigEntry[] = routeConfig): string[] {
  return declaredRoutes(entries).map((route) => route.path);
}

/**
 * The URL of React Router's data request (single fetch) for a page URL: what a client-side
 * navigation or revalidation fetches instead of the document (`/` → `/_root.data`).
 */
export function dataRequestUrl(pageUrl: string): string {
  const url = new URL(pageUrl, "http://x");
  const pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return `${pathname}${url.search}`;
}
