import { readableNigerianPhone } from "~/domain/shared/nigerian-phone";

// The support channels an admin has set in Application Settings, as /contact offers them: each
// only when set.

export type SupportChannel = {
  kind: "email" | "phone" | "whatsapp";
  label: string;
  /** What the link shows: the address, or the number grouped for reading ("0803 123 4567", "+234 803 123 4567"). */
  text: string;
  href: string;
};

export type SupportSettings = {
  supportEmail: string | null;
  supportPhone: string | null;
  /** 234XXXXXXXXXX: a Nigerian mobile number in international form. */
  supportWhatsapp: string | null;
};

/** A Nigerian number as a tel: address: +234…, from 0XXXXXXXXXX, 234… or +234… (spaces ignored). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  if (digits.startsWith("234")) return `tel:+${digits}`;
  if (digits.startsWith("0")) return `tel:+234${digits.slice(1)}`;
  return `tel:${digits}`;
}

const blank = (value: string | null) => !value || value.trim() === "";

/** The channels that are set, in the order /contact lists them: email, phone, WhatsApp. */
export function supportChannels(settings: SupportSettings): SupportChannel[] {
  const channels: SupportChannel[] = [];
  if (!blank(settings.supportEmail)) {
    const email = settings.supportEmail!.trim();
    channels.push({ kind: "email", label: "Email", text: email, href: `mailto:${email}` });
  }
  if (!blank(settings.supportPhone)) {
    const phone = settings.supportPhone!.trim();
    channels.push({ kind: "phone", label: "Phone", text: readableNigerianPhone(phone, "local"), href: telHref(phone) });
  }
  if (!blank(settings.supportWhatsapp)) {
    const number = settings.supportWhatsapp!.replace(/\D/g, "");
    channels.push({
      kind: "whatsapp",
      label: "WhatsApp",
      text: readableNigerianPhone(number, "international"),
      href: `https://wa.me/${number}`,
    });
  }
  return channels;
}
