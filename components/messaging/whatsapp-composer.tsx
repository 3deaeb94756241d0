"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { Field, Input, Select, Textarea } from "../ui/input";
import { useToast } from "../ui/toast";
import { fillTemplate, type MessageTemplate, type SenderSummary } from "./messaging-presentation";

type Mode = "text" | "template";

/**
 * Writes to the lead on WhatsApp: free text (which WhatsApp only delivers
 * within 24 hours of the contact's last message, said right under the box)
 * or an approved template with its values and a live preview. With several
 * numbers connected, the sender is chosen here.
 */
export function WhatsAppComposer({
  leadId,
  senders,
  senderId,
  onSenderChange,
  mode: chosenMode,
  onModeChange,
  templates,
  windowOpenUntil,
}: {
  leadId: string;
  senders: SenderSummary[];
  senderId: string;
  onSenderChange: (id: string) => void;
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  templates: { data: MessageTemplate[] | undefined; pending: boolean };
  windowOpenUntil: string | null;
}) {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [templateKey, setTemplateKey] = useState("");
  const [values, setValues] = useState<string[]>([]);
  const c = t.messaging.card;
  // Outside the 24-hour window only an approved template reaches the contact: free text is not offered at all.
  const modes: readonly Mode[] = windowOpenUntil ? ["text", "template"] : ["template"];
  const mode: Mode = modes.includes(chosenMode) ? chosenMode : "template";
  const sender = senders.find((candidate) => candidate.id === senderId);
  const template = templates.data?.find((candidate) => `${candidate.name}|${candidate.language}` === templateKey);

  const send = useMutation(
    trpc.messaging.send.mutationOptions({
      onSuccess: async () => {
        setText("");
        setTemplateKey("");
        setValues([]);
        toast.success(c.sent);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.messaging.conversation.queryKey({ leadId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.leads.activities.pathKey() }),
        ]);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (!fields.text && !fields.template) toast.error(errorMessageOf(error, t.common.somethingWrong));
      },
    }),
  );
  const fieldErrors = fieldErrorsOf(send.error);
  const fieldError = Object.entries(fieldErrors).find(([field]) => field.startsWith(mode))?.[1];
  const ready = mode === "text" ? text.trim() !== "" : template !== undefined && values.slice(0, template.parameterCount).filter((v) => v.trim()).length === template.parameterCount;
  const broken = sender?.status === "reconnect_required";

  function submit() {
    if (!ready || broken) return;
    if (mode === "text") send.mutate({ leadId, senderId, text });
    else if (template) {
      send.mutate({ leadId, senderId, template: { name: template.name, language: template.language, parameters: values.slice(0, template.parameterCount) } });
    }
  }

  return (
    <form
      className="flex flex-col gap-3 border-t border-line px-4 py-4 sm:px-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" className="flex flex-1 gap-1 rounded-lg bg-canvas p-1 text-sm">
          {modes.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={mode === value}
              onClick={() => onModeChange(value)}
              className={cx(
                "min-h-11 flex-1 rounded-md px-3 py-1.5 font-medium sm:min-h-0",
                mode === value ? "bg-surface text-ink shadow-xs" : "text-ink-muted hover:text-ink",
              )}
            >
              {c.modes[value]}
            </button>
          ))}
        </div>
        {senders.length > 1 && (
          <Select aria-label={c.from} className="h-11 w-auto max-w-full sm:h-9" value={senderId} onChange={(event) => onSenderChange(event.target.value)}>
            {senders.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label} · {candidate.displayPhoneNumber}
              </option>
            ))}
          </Select>
        )}
      </div>

      {mode === "text" ? (
        <Field label={c.modes.text} error={fieldError}>
          {(props) => (
            <Textarea
              {...props}
              name="whatsappText"
              rows={3}
              maxLength={4096}
              placeholder={c.placeholder}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) submit();
              }}
            />
          )}
        </Field>
      ) : (
        <TemplateFields templates={templates} templateKey={templateKey} onTemplate={(key) => { setTemplateKey(key); setValues([]); }} values={values} onValues={setValues} error={fieldError} />
      )}

      <p className={cx("text-xs", windowOpenUntil ? "text-ink-muted" : "text-warning")} data-testid="whatsapp-window">
        {windowOpenUntil ? c.windowOpen(formatDateTime(windowOpenUntil, dates)) : c.windowClosed}
      </p>
      {broken && <p className="text-xs text-danger">{c.needsReconnect}</p>}
      <div className="flex justify-end">
        <Button type="submit" className="min-h-11 sm:min-h-0" loading={send.isPending} disabled={!ready || broken}>
          {c.send}
        </Button>
      </div>
    </form>
  );
}

function TemplateFields({
  templates,
  templateKey,
  onTemplate,
  values,
  onValues,
  error,
}: {
  templates: { data: MessageTemplate[] | undefined; pending: boolean };
  templateKey: string;
  onTemplate: (key: string) => void;
  values: string[];
  onValues: (values: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const c = t.messaging.card;
  if (templates.pending) return <p className="text-sm text-ink-muted">{t.common.loading}</p>;
  if (!templates.data || templates.data.length === 0) return <p className="text-sm text-ink-muted">{c.noTemplates}</p>;
  const template = templates.data.find((candidate) => `${candidate.name}|${candidate.language}` === templateKey);
  return (
    <div className="flex flex-col gap-3">
      <Field label={c.template} error={error}>
        {(props) => (
          <Select {...props} name="whatsappTemplate" className="h-11 sm:h-9" value={templateKey} onChange={(event) => onTemplate(event.target.value)}>
            <option value="">{c.chooseTemplate}</option>
            {templates.data!.map((candidate) => (
              <option key={`${candidate.name}|${candidate.language}`} value={`${candidate.name}|${candidate.language}`}>
                {candidate.name} ({candidate.language})
              </option>
            ))}
          </Select>
        )}
      </Field>
      {template &&
        Array.from({ length: template.parameterCount }, (_, index) => (
          <Field key={index} label={c.parameter(index + 1)}>
            {(props) => (
              <Input
                {...props}
                name={`whatsappParameter${index + 1}`}
                className="h-11 sm:h-9"
                value={values[index] ?? ""}
                onChange={(event) => {
                  const next = [...values];
                  next[index] = event.target.value;
                  onValues(next);
                }}
              />
            )}
          </Field>
        ))}
      {template && (
        <div className="rounded-lg bg-canvas px-3 py-2 text-sm text-ink">
          <p className="mb-0.5 text-[11px] font-medium uppercase tracking-wide text-ink-muted">{c.preview}</p>
          <p className="whitespace-pre-wrap break-words" data-testid="whatsapp-template-preview">
            {fillTemplate(template.body, values)}
          </p>
        </div>
      )}
    </div>
  );
}
