/** Recovery codes, shown once (only their hashes are kept), with what they are for. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="grid gap-3">
      <h2 id="recovery-codes-heading" className="text-lg font-semibold">
        Your recovery codes
      </h2>
      <p className="text-sm text-gray-700">
        If you lose your phone, each of these codes signs you in once instead of the app&apos;s code. Write them down or
        save them somewhere safe now: they will not be shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded border border-gray-200 bg-gray-50 p-3 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
