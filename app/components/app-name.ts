import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** The app's name from settings (the root loader reads them for every page). */
export function useAppName(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.settings.appName ?? "AdNaira";
}
