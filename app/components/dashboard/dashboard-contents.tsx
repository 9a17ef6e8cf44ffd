/** The parts of the dashboard below Available Adverts, each an anchor the contents link to. */
export const DASHBOARD_SECTIONS = {
  earnings: "Earnings chart",
  referrals: "Referrals",
  messages: "Messages",
  history: "Withdrawal history",
  achievements: "Achievements",
} as const;
export type DashboardSection = keyof typeof DASHBOARD_SECTIONS;

/**
 * "On this page": links down to the rest of the dashboard, under the figures and above the
 * adverts, so a phone's first screen is the figures and the adverts, and the rest is one tap away.
 * On a phone, one row that scrolls sideways (as the admin navigation does).
 */
export function DashboardContents({ sections }: { sections: DashboardSection[] }) {
  return (
    <nav aria-label="On this page" data-testid="dashboard-contents" className="-mx-4 min-w-0 sm:mx-0">
      <ul className="flex gap-x-4 gap-y-2 overflow-x-auto px-4 py-1 text-sm sm:flex-wrap sm:overflow-visible sm:px-0 sm:py-0">
        {sections.map((id) => (
          <li key={id} className="shrink-0 whitespace-nowrap">
            <a href={`#${id}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {DASHBOARD_SECTIONS[id]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
