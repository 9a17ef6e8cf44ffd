import type { ReferralTerms } from "~/domain/help/help-facts";

/**
 * What a referral earns under the live rule (settings), and what that is for each paid tier the
 * referred member may first upgrade to: on /help and on My Referrals, in the same words.
 */
export function ReferralRewardRule({ terms, testId }: { terms: ReferralTerms; testId?: string }) {
  const { rule, rewards } = terms;
  if (rule.kind === "off") {
    return <p data-testid={testId}>Referral rewards are switched off at the moment: no reward is paid for now.</p>;
  }
  return (
    <>
      <p data-testid={testId}>
        When the person you referred pays for their first upgrade and it is approved, you earn{" "}
        {rule.kind === "percentage" ? (
          <>
            <strong>{rule.percent}</strong> of what they paid.
          </>
        ) : (
          <>
            <strong>{rule.amount}</strong> (never more than they paid).
          </>
        )}{" "}
        It is paid once per person, into your balance.
      </p>
      {rewards.length > 0 ? (
        <ul className="grid list-disc gap-1.5 pl-5" data-testid={testId ? `${testId}-tiers` : undefined}>
          {rewards.map((tier) => (
            <li key={tier.tierName}>
              They upgrade to {tier.tierName} ({tier.price}): you earn {tier.reward}.
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
