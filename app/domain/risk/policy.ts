/**
 * When linked accounts are held for review (issue 39): accounts linked by a device, a bank account,
 * a mailbox, or a network and a browser fingerprint seen together, beyond what one person (or a
 * family on one phone) has. Pure: the cluster's signals in, the breaches out.
 */

export type SignalKind = "device" | "fingerprint" | "bank_account" | "email" | "network" | "network_fingerprint";

export type AccountSignal = { userId: string; kind: SignalKind; value: string };

export type LinkPolicy = {
  /** Accounts one device may hold (a family phone: 2 by default). */
  accountsPerDevice: number;
  /** Accounts one bank account may pay (1 by default). */
  accountsPerBankAccount: number;
};

/** What put a cluster beyond the allowances: the kind of signal and how many accounts share it. */
export type Breach = { kind: "device" | "probable-device" | "bank_account" | "email"; accounts: number };

/**
 * Signals that link accounts: a network alone does not (carrier NAT puts thousands behind one
 * address), nor a fingerprint alone (one phone model shares it); the two seen in one request do.
 */
export const LINKING_KINDS: readonly SignalKind[] = ["device", "bank_account", "email", "network_fingerprint"];

/** The value a network and a fingerprint seen in one request make together. */
export const networkFingerprint = (network: string, fingerprint: string) => `${network}|${fingerprint}`;

/** Accounts sharing each value of `kind`: value → the distinct accounts. */
function accountsByValue(signals: readonly AccountSignal[], kind: SignalKind): Map<string, Set<string>> {
  const by = new Map<string, Set<string>>();
  for (const s of signals) {
    if (s.kind !== kind) continue;
    const set = by.get(s.value) ?? new Set<string>();
    set.add(s.userId);
    by.set(s.value, set);
  }
  return by;
}

/** Every breach of the allowances among these accounts' signals (none: linked within them). */
export function breachesOf(signals: readonly AccountSignal[], policy: LinkPolicy): Breach[] {
  const breaches: Breach[] = [];
  const over = (kind: Breach["kind"], groups: Map<string, Set<string>>, allowed: number) => {
    for (const accounts of groups.values())
      if (accounts.size > allowed) breaches.push({ kind, accounts: accounts.size });
  };
  over("device", accountsByValue(signals, "device"), policy.accountsPerDevice);
  // A network and a fingerprint together count as a device: the phone whose cookies were cleared.
  over("probable-device", accountsByValue(signals, "network_fingerprint"), policy.accountsPerDevice);
  over("bank_account", accountsByValue(signals, "bank_account"), policy.accountsPerBankAccount);
  // One mailbox behind two accounts ("ada.obi@gmail.com" and "adaobi+2@gmail.com") is one person.
  over("email", accountsByValue(signals, "email"), 1);
  return breaches;
}
