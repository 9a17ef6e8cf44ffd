import { Link } from "react-router";
import { InfoList, InfoPage, InfoSection, SeeAlso, textLinkClass } from "./info-page";

// /terms: the terms of use in plain words. The figures (limits, fees, rewards) are on /help.

export function TermsContent({ appName }: { appName: string }) {
  return (
    <InfoPage
      title="Terms of Use"
      intro={`The rules for using ${appName}, in plain words. By creating an account you agree to them.`}
    >
      <InfoSection id="accounts" title="Your account">
        <InfoList>
          <li>One account per person. Give your real name and an email address you can read.</li>
          <li>New accounts wait for an admin&apos;s approval before they can earn.</li>
          <li>Keep your password to yourself: you are responsible for what is done with your account.</li>
        </InfoList>
      </InfoSection>
      <InfoSection id="fair-play" title="Fair play">
        <InfoList>
          <li>No fake accounts, and no referring yourself (a second account of your own is a self-referral).</li>
          <li>No scripts, bots or other tricks to view adverts or claim rewards.</li>
          <li>
            Rewards earned against these rules can be held for review or voided, and the account restricted. A
            restricted account cannot sign in or withdraw.
          </li>
        </InfoList>
      </InfoSection>
      <InfoSection id="money" title="Rewards, fees and withdrawals">
        <InfoList>
          <li>
            The rewards, daily advert limits, withdrawal limits and fees in force are the ones on{" "}
            <Link to="/help" className={textLinkClass}>
              Help
            </Link>
            . Admins may change them; a change applies from then on.
          </li>
          <li>Withdrawals are paid only to a bank account in the account holder&apos;s own name.</li>
          <li>A withdrawal or upgrade an admin rejects returns the amount held to your balance.</li>
        </InfoList>
      </InfoSection>
      <InfoSection id="advertisers" title="Advertisers">
        <InfoList>
          <li>
            Advertisers are responsible for their adverts: what they say and show must be true, lawful and theirs to
            use.
          </li>
          <li>
            Admins review every campaign and may reject it, or stop one that is running, with a reason. Whatever a
            campaign has not spent returns to the advertiser&apos;s balance.
          </li>
        </InfoList>
      </InfoSection>
      <InfoSection id="changes" title="Changes and questions">
        <p>
          We may update these terms; the version on this page is the one in force. Questions:{" "}
          <Link to="/contact" className={textLinkClass}>
            Contact
          </Link>
          .
        </p>
      </InfoSection>
      <SeeAlso current="/terms" />
    </InfoPage>
  );
}
