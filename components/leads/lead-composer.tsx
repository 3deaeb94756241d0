"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { Field, Select, Textarea } from "../ui/input";
import { useToast } from "../ui/toast";
import { COMMUNICATION_DIRECTIONS, COMMUNICATION_TYPES } from "~/server/leads/lead-enums";
import { DirectionField } from "./direction-field";
import { QuickCallLog } from "./quick-call-log";

export type ComposerMode = "note" | "call" | "communication";

/**
 * Adds a note, logs a call with its outcome (`QuickCallLog`), or logs any
 * call, email, meeting or message on the lead's timeline. The lead page owns
 * the tab, so tapping "Call" can open "Log call".
 */
export function LeadComposer({ leadId, mode, onModeChange }: { leadId: string; mode: ComposerMode; onModeChange: (mode: ComposerMode) => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const setMode = onModeChange;
  const [content, setContent] = useState("");
  const [type, setType] = useState<(typeof COMMUNICATION_TYPES)[number]>("call");
  const [direction, setDirection] = useState<(typeof COMMUNICATION_DIRECTIONS)[number]>("outbound");

  const refreshTimeline = () => queryClient.invalidateQueries({ queryKey: trpc.leads.activities.pathKey() });
  const onError = (error: unknown) => {
    if (!fieldErrorsOf(error).content) toast.error(errorMessageOf(error, t.common.somethingWrong));
  };
  const addNote = useMutation(
    trpc.leads.addNote.mutationOptions({
      onSuccess: async () => {
        setContent("");
        toast.success(t.leads.noteAdded);
        await refreshTimeline();
      },
      onError,
    }),
  );
  const logCommunication = useMutation(
    trpc.leads.logCommunication.mutationOptions({
      onSuccess: async () => {
        setContent("");
        toast.success(t.leads.communicationLogged);
        await refreshTimeline();
      },
      onError,
    }),
  );
  const active = mode === "note" ? addNote : logCommunication;
  const contentError = fieldErrorsOf(active.error).content;
  const tabs = (
    <div role="tablist" className="flex gap-1 rounded-lg bg-canvas p-1 text-sm">
      {(["note", "call", "communication"] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={mode === value}
          onClick={() => setMode(value)}
          className={cx(
            "min-h-8 flex-1 rounded-md px-2 py-1.5 font-medium leading-tight touch:min-h-10",
            mode === value ? "bg-surface text-ink shadow-xs" : "text-ink-muted hover:text-ink",
          )}
        >
          {value === "note" ? t.leads.addNote : value === "call" ? t.mobile.logCall : t.leads.logCommunication}
        </button>
      ))}
    </div>
  );
  if (mode === "call") {
    return (
      <div className="flex flex-col gap-3">
        {tabs}
        <QuickCallLog leadId={leadId} />
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (mode === "note") addNote.mutate({ leadId, content });
        else logCommunication.mutate({ leadId, type, direction, content });
      }}
    >
      {tabs}
      {mode === "communication" && (
        <div className="grid grid-cols-2 gap-3">
          <Field label={t.leads.communicationType}>
            {(props) => (
              <Select {...props} name="communicationType" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
                {COMMUNICATION_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t.activityType[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DirectionField name="direction" value={direction} onChange={setDirection} />
        </div>
      )}
      <Field label={mode === "note" ? t.leads.addNote : t.leads.summary} error={contentError}>
        {(props) => (
          <Textarea
            {...props}
            name="content"
            rows={3}
            placeholder={mode === "note" ? t.leads.notePlaceholder : t.leads.summaryPlaceholder}
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={active.isPending} disabled={mode === "note" && content.trim() === ""}>
          {mode === "note" ? t.leads.addNote : t.leads.logCommunication}
        </Button>
      </div>
    </form>
  );
}
