import { Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import type { SupportChannel } from "~/domain/help/support-channels";
import { InfoPage, InfoSection, SeeAlso, textLinkClass } from "./info-page";

// /contact: the support channels an admin has set, each only when set.

export const NO_SUPPORT_CHANNELS = "Support contact details are not available yet.";

const ICONS = { email: Mail, phone: Phone, whatsapp: MessageCircle } as const;

export function ContactContent({
  appName,
  channels,
  canMessage,
}: {
  appName: string;
  channels: readonly SupportChannel[];
  /** A signed-in member who may write, or an advertiser: they can also write to an admin on /messages. */
  canMessage: boolean;
}) {
  return (
    <InfoPage title="Contact Us" intro={`How to reach the ${appName} team.`}>
      <InfoSection id="support" title="Support">
        {channels.length === 0 ? (
          <p data-testid="no-support-channels">{NO_SUPPORT_CHANNELS}</p>
        ) : (
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
        {canMessage ? (
          <p data-testid="contact-messages">
            You can also write to an admin from{" "}
            <Link to="/messages" className={textLinkClass}>
              Messages
            </Link>
            .
          </p>
        ) : null}
      </InfoSection>
      <SeeAlso current="/contact" />
    </InfoPage>
  );
}
