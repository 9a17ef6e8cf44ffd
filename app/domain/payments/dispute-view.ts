/**
 * A card dispute as the reconciliation page lists it: facts formatted, the payer named ("Ada Obi
 * (U7K2M9QXA)", or "Not one of ours"), the state with Paystack's own status.
 */
export type DisputeView = {
  id: string;
  reference: string;
  payer: string;
  amount: string;
  reason: string;
  evidenceDue: string;
  state: string;
};
