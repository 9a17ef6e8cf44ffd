import { useEffect, useState } from "react";

/**
 * A hidden field with this browser's fingerprint (FingerprintJS's visitor id; decision 027), sent
 * with the sign-in and sign-up forms as a second, weaker signal beside the device id cookie. Filled
 * once the page has loaded (the library is fetched then, off the first screen's script); a form
 * sent before that, or without JavaScript, simply carries none. Its name is
 * FINGERPRINT_FIELD (app/server/request-signals.server.ts).
 */
export function DeviceFingerprintField() {
  const [visitorId, setVisitorId] = useState("");
  useEffect(() => {
    let live = true;
    import("@fingerprintjs/fingerprintjs")
      // monitoring off: the library would otherwise report its installation to its makers.
      .then((fingerprint) => fingerprint.load({ monitoring: false }))
      .then((agent) => agent.get())
      .then((result) => {
        if (live) setVisitorId(result.visitorId);
      })
      .catch(() => {
        // No fingerprint: the device id and the network still speak.
      });
    return () => {
      live = false;
    };
  }, []);
  return <input type="hidden" name="deviceFingerprint" value={visitorId} />;
}
