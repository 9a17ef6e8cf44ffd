/** The app name from settings (root loader data), for a route's `meta`. */
export function appNameFrom(matches: readonly unknown[]): string {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === "root") as
    { data?: { settings?: { appName?: string } } } | undefined;
  return root?.data?.settings?.appName ?? "AdNaira";
}

/** "Login | AdNaira", with the app name from settings (root loader data). */
export function pageTitle(matches: readonly unknown[], page?: string) {
  const appName = appNameFrom(matches);
  return [{ title: page ? `${page} | ${appName}` : appName }];
}
