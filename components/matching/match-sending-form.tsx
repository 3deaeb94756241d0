"use client";

import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { Button } from "../ui/button";
import { Checkbox, Field, Input, Select, Textarea } from "../ui/input";
import { FormError } from "../ui/form-error";

type Language = "en" | "es";
const LANGUAGES: Language[] = ["en", "es"];
export const SEND_MODES = ["off", "whatsapp", "email", "whatsapp_then_email"] as const;
export type SendMode = (typeof SEND_MODES)[number];

export interface MatchSending {
  notifyOwner: boolean;
  sendToLead: SendMode;
  whatsApp: { templateName: string | null; languages: Partial<Record<Language, string>> };
  email: Partial<Record<Language, { subject: string; body: string }>>;
  availableChannels: { channel: string; available: boolean; reason: string | null }[];
  canSend: boolean;
}

export type MatchSendingChanges = Pick<MatchSending, "notifyOwner" | "sendToLead" | "whatsApp" | "email">;

/**
 * The edit form of what new matches do (a project's or the organization's
 * default). It says plainly when nothing can be sent — mode on but no channel
 * of it can send — so nobody believes buyers are being sent units when they
 * are not. Empty languages are left out of what is saved.
 */
export function MatchSendingForm({
  initial,
  onSave,
  saving,
  error,
}: {
  initial: MatchSending;
  onSave: (changes: MatchSendingChanges) => void;
  saving: boolean;
  error: unknown;
}) {
  const { t } = useI18n();
  const s = t.matchSending;
  const [notifyOwner, setNotifyOwner] = useState(initial.notifyOwner);
  const [mode, setMode] = useState<SendMode>(initial.sendToLead);
  const [templateName, setTemplateName] = useState(initial.whatsApp.templateName ?? "");
  const [codes, setCodes] = useState<Record<Language, string>>({ en: initial.whatsApp.languages.en ?? "", es: initial.whatsApp.languages.es ?? "" });
  const [mails, setMails] = useState<Record<Language, { subject: string; body: string }>>({
    en: initial.email.en ?? { subject: "", body: "" },
    es: initial.email.es ?? { subject: "", body: "" },
  });
  const errors = fieldErrorsOf(error);
  const channelUnavailable = (channel: string) => !initial.availableChannels.find((state) => state.channel === channel)?.available;
  const usesWhatsApp = mode === "whatsapp" || mode === "whatsapp_then_email";
  const usesEmail = mode === "email" || mode === "whatsapp_then_email";
  const blocked = mode !== "off" && (!usesWhatsApp || channelUnavailable("whatsapp")) && (!usesEmail || channelUnavailable("email"));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const languages = Object.fromEntries(LANGUAGES.filter((language) => codes[language].trim()).map((language) => [language, codes[language].trim()]));
    const email = Object.fromEntries(
      LANGUAGES.filter((language) => mails[language].subject.trim() && mails[language].body.trim()).map((language) => [language, mails[language]]),
    );
    onSave({ notifyOwner, sendToLead: mode, whatsApp: { templateName: templateName.trim() || null, languages }, email });
  }

  const languageName = (language: Language) => t.locales[language];
  return (
    <form className="space-y-4" onSubmit={submit} aria-label={s.title}>
      <Checkbox label={s.notifyOwner} checked={notifyOwner} onChange={(event) => setNotifyOwner(event.target.checked)} name="notifyOwner" />
      <Field label={s.mode} hint={s.modeHint}>
        {(props) => (
          <Select {...props} name="sendToLead" value={mode} onChange={(event) => setMode(event.target.value as SendMode)}>
            {SEND_MODES.map((value) => (
              <option key={value} value={value}>
                {s.modes[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {blocked && (
        <p className="rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning" data-testid="match-sending-no-channel" role="status">
          {s.noChannel}
        </p>
      )}
      {usesWhatsApp && (
        <div className="grid gap-4 md:grid-cols-3">
          <Field label={s.templateName} hint={s.templateHint} error={errors["whatsApp.templateName"]}>
            {(props) => <Input {...props} name="templateName" value={templateName} onChange={(event) => setTemplateName(event.target.value)} />}
          </Field>
          {LANGUAGES.map((language) => (
            <Field key={language} label={t.instantReply.languageCode(languageName(language))} error={errors["whatsApp.languages"]}>
              {(props) => (
                <Input {...props} name={`code-${language}`} value={codes[language]} onChange={(event) => setCodes({ ...codes, [language]: event.target.value })} />
              )}
            </Field>
          ))}
        </div>
      )}
      {usesEmail && (
        <div className="grid gap-4 lg:grid-cols-2">
          {LANGUAGES.map((language) => (
            <div key={language} className="min-w-0 space-y-3">
              <Field label={t.instantReply.subject(languageName(language))} error={errors.email}>
                {(props) => (
                  <Input
                    {...props}
                    name={`subject-${language}`}
                    value={mails[language].subject}
                    onChange={(event) => setMails({ ...mails, [language]: { ...mails[language], subject: event.target.value } })}
                  />
                )}
              </Field>
              <Field label={t.instantReply.body(languageName(language))} hint={s.bodyHint}>
                {(props) => (
                  <Textarea
                    {...props}
                    name={`body-${language}`}
                    rows={4}
                    value={mails[language].body}
                    onChange={(event) => setMails({ ...mails, [language]: { ...mails[language], body: event.target.value } })}
                  />
                )}
              </Field>
            </div>
          ))}
        </div>
      )}
      {Boolean(error) && Object.keys(errors).length === 0 && <FormError message={errorMessageOf(error, t.common.somethingWrong)} />}
      <Button type="submit" loading={saving}>
        {s.save}
      </Button>
    </form>
  );
}
