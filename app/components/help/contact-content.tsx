import { Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import type { SupportChannel } from "~/domain/help/support-channels";
import { InfoPage, InfoSection, SeeAlso, textLinkClass } from "./info-page";

// /contact: Messages, where the team answers whoever may write, and the support channels an admin
// has set (each only when set).

/**
 * Who is reading, as far as Messages goes: `write` may write to support there (an approved member,
 * an advertiser), `pending` may once approved, `visitor` once logged in; `staff` answer there.
 */
export type ContactAudience = "write" | "pending" | "visitor" | "staff";

const ICONS = { email: Mail, phone: Phone, whatsapp: MessageCircle } as const;

const MessagesLink = () => (
  <Link to="/messages" className={textLinkClass}>
    Messages
  </Link>
);

/** Where Messages comes in for this reader: the whole answer on a new install, an addition once channels are set. */
function MessagesNote({ audience, channelsSet }: { audience: ContactAudience; channelsSet: boolean }) {
  switch (audience) {
    case "write":
      return channelsSet ? (
        <>
          You can also write to support from <MessagesLink />.
        </>
      ) : (
        <>
          Write to support from <MessagesLink />: the team answers you there.
        </>
      );
    case "pending":
      return (
        <>
          Once an admin has approved your account, you can write to support from <MessagesLink />
          {channelsSet ? "." : ": the team answers you there."}
        </>
      );
    case "visitor":
      return (
        <>
          {channelsSet ? "Members and advertisers can also " : ""}
          <Link to="/login" className={textLinkClass}>
            {channelsSet ? "log in" : "Log in"}
          </Link>{" "}
          and write to support from <MessagesLink />
          {channelsSet ? "." : ": the team answers you there."}
        </>
      );
    case "staff":
      return (
        <>
          Members and advertisers write to support from <MessagesLink />.
          {channelsSet
            ? null
            : " A support email, phone or WhatsApp number shows here once set in Application Settings."}
        </>
      );
  }
}

export function ContactContent({
  appName,
  channels,
  audience,
}: {
  appName: string;
  channels: readonly SupportChannel[];
  audience: ContactAudience;
}) {
  return (
    <InfoPage title="Contact Us" intro={`How to reach the ${appName} team.`}>
      <InfoSection id="support" title="Support">
        {channels.length === 0 ? null : (
          <ul className="grid gap-3" data-testid="support-channels">
            {channels.map((channel) => {
              const Icon = ICONS[channel.kind];
              const external = channel.kind === "whatsapp";
              return (
                <li
                  key={channel.kind}
                  className="flex items-center gap-3 rounded-md border border-gray-200 bg-white p-3"
                >
                  <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                  <span className="min-w-0">
                    <span className="block text-sm text-gray-600">{channel.label}</span>
                    <a
                      href={channel.href}
                      className={`${textLinkClass} break-all`}
                      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    >
                      {channel.text}
                    </a>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <p data-testid="contact-messages">
          <MessagesNote audience={audience} channelsSet={channels.length > 0} />
        </p>
      </InfoSection>
      <SeeAlso current="/contact" />
    </InfoPage>
  );
}
