/** "Login | AdNaira", with the app name from settings (root loader data). */
export function pageTitle(matches: readonly unknown[], page?: string) {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === "root") as
    { data?: { settings?: { appName?: string } } } | undefined;
  const appName = root?.data?.settings?.appName ?? "AdNaira";
  return [{ title: page ? `${page} | ${appName}` : appName }];
}
