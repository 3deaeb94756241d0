"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { COMMUNICATION_DIRECTIONS } from "~/server/leads/lead-enums";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { Field, Textarea } from "../ui/input";
import { useToast } from "../ui/toast";
import { DirectionField } from "./direction-field";

export const CALL_OUTCOMES = ["connected", "no_answer", "voicemail", "busy", "wrong_number"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * "How did the call go?": one tap for the outcome, optional notes, and the
 * call is on the lead's timeline. It logs a communication of type `call`
 * whose text starts with the outcome in the organization's language (the
 * timeline shows it as written; see docs/decisions.md, "Dashboard on phones").
 */
export function QuickCallLog({ leadId, onLogged, autoFocusOutcome = false }: { leadId: string; onLogged?: () => void; autoFocusOutcome?: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const outcomeName = useId();
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [direction, setDirection] = useState<(typeof COMMUNICATION_DIRECTIONS)[number]>("outbound");
  const [notes, setNotes] = useState("");
  const [missingOutcome, setMissingOutcome] = useState(false);
  const log = useMutation(
    trpc.leads.logCommunication.mutationOptions({
      onSuccess: async () => {
        setOutcome(null);
        setNotes("");
        toast.success(t.mobile.callLogged);
        onLogged?.();
        await queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
      },
      onError: (error) => {
        if (!fieldErrorsOf(error).content) toast.error(errorMessageOf(error, t.common.somethingWrong));
      },
    }),
  );
  const contentError = fieldErrorsOf(log.error).content;

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="quick-call-log"
      onSubmit={(event) => {
        event.preventDefault();
        if (!outcome) return setMissingOutcome(true);
        const text = notes.trim();
        const label = t.mobile.outcomes[outcome];
        log.mutate({ leadId, type: "call", direction, content: text ? `${label} — ${text}` : label });
      }}
    >
      <fieldset aria-describedby={missingOutcome ? `${outcomeName}-error` : undefined}>
        <legend className="mb-2 text-[13px] font-medium text-ink">{t.mobile.outcome}</legend>
        <div className="flex flex-wrap gap-2">
          {CALL_OUTCOMES.map((value, index) => (
            <label
              key={value}
              className={cx(
                "inline-flex min-h-9 cursor-pointer items-center rounded-full border px-3.5 text-sm font-medium transition-colors touch:min-h-11 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent",
                outcome === value ? "border-accent bg-accent text-white" : "border-line-strong bg-surface text-ink hover:bg-canvas",
              )}
            >
              <input
                type="radio"
                name={outcomeName}
                value={value}
                checked={outcome === value}
                onChange={() => {
                  setOutcome(value);
                  setMissingOutcome(false);
                }}
                autoFocus={autoFocusOutcome && index === 0}
                className="sr-only"
              />
              {t.mobile.outcomes[value]}
            </label>
          ))}
        </div>
        {missingOutcome && (
          <p id={`${outcomeName}-error`} className="mt-1.5 text-xs font-medium text-danger" data-field-error>
            {t.mobile.chooseOutcome}
          </p>
        )}
      </fieldset>
      <Field label={t.mobile.callNotes} error={contentError}>
        {(props) => (
          <Textarea {...props} name="callNotes" rows={3} placeholder={t.mobile.callNotesPlaceholder} value={notes} onChange={(event) => setNotes(event.target.value)} />
        )}
      </Field>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DirectionField name="callDirection" value={direction} onChange={setDirection} className="min-w-40" />
        <Button type="submit" loading={log.isPending} className="max-sm:flex-1">
          {t.mobile.logCall}
        </Button>
      </div>
    </form>
  );
}
