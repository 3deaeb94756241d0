"use client";

import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { Button } from "../ui/button";
import { Checkbox, Field, Input, Select, Textarea } from "../ui/input";
import { FormError } from "../ui/form-error";

type Channel = "whatsapp" | "email";
type Language = "en" | "es";
const LANGUAGES: Language[] = ["en", "es"];

/** What a save sends, for a source or a pool alike. */
export interface ReplyChanges {
  enabled: boolean;
  channels: Channel[];
  whatsApp: { templateName: string | null; languages: Partial<Record<Language, string>> };
  email: Partial<Record<Language, { subject: string; body: string }>>;
}

/**
 * The edit form of one instant reply (a source's or a pool's); empty
 * languages are left out of what is saved. `save` is the mutation that
 * stores it, so its pending state and refusals show here.
 */
export function ReplyForm({ initial, enabledLabel, save, narrow = false }: {
  initial: ReplyChanges;
  enabledLabel: string;
  /** In a side column: one field a row at every width. */
  narrow?: boolean;
  save: { mutate: (changes: ReplyChanges) => void; isPending: boolean; isError: boolean; error: unknown };
}) {
  const { t } = useI18n();
  const r = t.instantReply;
  const [enabled, setEnabled] = useState(initial.enabled);
  const [order, setOrder] = useState(initial.channels.join(","));
  const [templateName, setTemplateName] = useState(initial.whatsApp.templateName ?? "");
  const [codes, setCodes] = useState<Record<Language, string>>({ en: initial.whatsApp.languages.en ?? "", es: initial.whatsApp.languages.es ?? "" });
  const [mails, setMails] = useState<Record<Language, { subject: string; body: string }>>({
    en: initial.email.en ?? { subject: "", body: "" },
    es: initial.email.es ?? { subject: "", body: "" },
  });
  const errors = fieldErrorsOf(save.error);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const languages = Object.fromEntries(LANGUAGES.filter((language) => codes[language].trim()).map((language) => [language, codes[language].trim()]));
    const email = Object.fromEntries(
      LANGUAGES.filter((language) => mails[language].subject.trim() && mails[language].body.trim()).map((language) => [language, mails[language]]),
    );
    save.mutate({
      enabled,
      channels: order.split(",") as Channel[],
      whatsApp: { templateName: templateName.trim() || null, languages },
      email,
    });
  }

  const languageName = (language: Language) => t.locales[language];
  return (
    <form className="space-y-4" onSubmit={submit} aria-label={r.title}>
      <Checkbox label={enabledLabel} checked={enabled} onChange={(event) => setEnabled(event.target.checked)} name="enabled" />
      <Field label={r.order} error={errors.channels}>
        {(props) => (
          <Select {...props} name="channels" value={order} onChange={(event) => setOrder(event.target.value)}>
            {Object.entries(r.orders).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {order.includes("whatsapp") && (
        <div className={narrow ? "grid gap-4" : "grid gap-4 md:grid-cols-3"}>
          <Field label={r.templateName} hint={r.templateHint} error={errors["whatsApp.templateName"]}>
            {(props) => <Input {...props} name="templateName" value={templateName} onChange={(event) => setTemplateName(event.target.value)} />}
          </Field>
          {LANGUAGES.map((language) => (
            <Field key={language} label={r.languageCode(languageName(language))} error={errors["whatsApp.languages"]}>
              {(props) => (
                <Input {...props} name={`code-${language}`} value={codes[language]} onChange={(event) => setCodes({ ...codes, [language]: event.target.value })} />
              )}
            </Field>
          ))}
        </div>
      )}
      {order.includes("email") && (
        <div className={narrow ? "grid gap-4" : "grid gap-4 lg:grid-cols-2"}>
          {LANGUAGES.map((language) => (
            <div key={language} className="min-w-0 space-y-3">
              <Field label={r.subject(languageName(language))} error={errors.email}>
                {(props) => (
                  <Input
                    {...props}
                    name={`subject-${language}`}
                    value={mails[language].subject}
                    onChange={(event) => setMails({ ...mails, [language]: { ...mails[language], subject: event.target.value } })}
                  />
                )}
              </Field>
              <Field label={r.body(languageName(language))} hint={r.bodyHint}>
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
      {save.isError && Object.keys(errors).length === 0 && <FormError message={errorMessageOf(save.error, t.common.somethingWrong)} />}
      <Button type="submit" loading={save.isPending}>
        {r.save}
      </Button>
    </form>
  );
}
