import type { Ref } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { SUPPORT_INBOX_TEXT, SUPPORT_NAME } from "~/domain/messages/rules";

/** The campaign an advertiser's message to support is about. */
export type AboutCampaign = { id: string; title: string; reference: string };

/**
 * Send Message: a plain form post (works before JavaScript loads). A refusal comes back with the
 * field's error and what was typed; a success clears the form (the page keys it by the sent message).
 * Without `recipientHint` (an advertiser) there is no recipient to type: it goes to support, about
 * the campaign in `about` when written from its page (the form posts to that address, so the
 * campaign stays named for the next message).
 */
export function SendMessageForm({
  errors,
  values,
  recipientHint,
  about,
  recipientRef,
  contentRef,
  sent,
}: {
  errors: Record<string, string>;
  values: { recipientId: string; content: string };
  recipientHint: string | null;
  about: AboutCampaign | null;
  recipientRef: Ref<HTMLInputElement>;
  contentRef: Ref<HTMLTextAreaElement>;
  /** The last submit sent a message. */
  sent: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const contentError = errors.content;
  const action = about ? `/messages?campaign=${encodeURIComponent(about.id)}` : "/messages";
  return (
    <Card aria-labelledby="send-message-title" className="min-w-0">
      <CardTitle id="send-message-title">Send Message</CardTitle>
      <Form method="post" action={action} className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="send" />
        {recipientHint === null ? (
          <div className="grid gap-1 text-sm text-gray-700" data-testid="message-to-support">
            <p>
              <span className="font-medium text-gray-900">To: {SUPPORT_NAME}.</span> {SUPPORT_INBOX_TEXT}
            </p>
            {about ? (
              <p className="[overflow-wrap:anywhere]" data-testid="message-about">
                <input type="hidden" name="campaignId" value={about.id} />
                About campaign <bdi className="font-medium text-gray-900">{about.title}</bdi>{" "}
                <span className="font-mono text-xs">({about.reference})</span>.{" "}
                <Link to="/messages" className="font-medium text-brand-700 underline underline-offset-2">
                  Write about something else
                </Link>
              </p>
            ) : null}
          </div>
        ) : (
          <FormField
            ref={recipientRef}
            id="message-recipient"
            label="Recipient's User ID"
            name="recipientId"
            hint={recipientHint}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
            defaultValue={values.recipientId}
            error={errors.recipientId}
          />
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="message-content">Message</Label>
          <textarea
            ref={contentRef}
            id="message-content"
            name="content"
            rows={5}
            required
            defaultValue={values.content}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={["message-content-hint", contentError ? "message-content-error" : null]
              .filter(Boolean)
              .join(" ")}
            className="ui-input min-h-28 resize-y py-2"
          />
          <p id="message-content-hint" className="text-xs text-gray-600">
            Up to 2,000 characters.
          </p>
          {contentError ? (
            <p id="message-content-error" className="text-sm text-red-700" role="alert">
              {contentError}
            </p>
          ) : null}
        </div>
        <FormError message={errors.form} />
        {/* Without JavaScript there is no toast: the page says it. */}
        {sent && !hydrated ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            Message sent.
          </p>
        ) : null}
        <Button type="submit" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </Form>
    </Card>
  );
}
