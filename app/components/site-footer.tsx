// Lagos time on server and browser alike, so both render the same year.
const lagosYear = new Intl.DateTimeFormat("en-NG", { year: "numeric", timeZone: "Africa/Lagos" });

export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="mt-auto border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-gray-600 sm:flex-row sm:justify-between">
        <p>
          © {lagosYear.format(new Date())} {appName}. All rights reserved.
        </p>
        <p>Built with care in Lagos by AdNaira Technologies.</p>
      </div>
    </footer>
  );
}
