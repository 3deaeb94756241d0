"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { MAPPING_TARGETS, type MappingTarget } from "~/server/lead-sources/field-mapping";
import { Button } from "../ui/button";
import { Input, Select } from "../ui/input";
import { useToast } from "../ui/toast";

/**
 * A page's form questions and where each answer lands on the lead, editable:
 * the defaults for Meta's standard questions are listed, a custom question
 * is added by its key (as Meta names it in the form), and Save replaces the
 * page's mapping.
 */
export function AdPageMapping({ connectionId, mapping }: { connectionId: string; mapping: Record<string, MappingTarget> }) {
  const { t } = useI18n();
  const s = t.leadSources;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => Object.entries(mapping));
  const [question, setQuestion] = useState("");
  const save = useMutation(
    trpc.leadSources.updateMapping.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.leadSources.pathKey() });
        toast.success(s.mappingSaved);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const add = () => {
    const key = question.trim();
    if (key && !rows.some(([existing]) => existing === key)) setRows([...rows, [key, "customFields"]]);
    setQuestion("");
  };

  return (
    <div className="mt-3 rounded-lg border border-line bg-canvas/50 p-3">
      <p className="text-[13px] font-medium text-ink">{s.mapping}</p>
      <p className="mt-0.5 text-xs text-ink-muted">{s.mappingHelp}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label={s.mapping}>
        {rows.map(([key, target], index) => (
          <li key={key} className="flex min-w-0 items-center gap-2">
            <code className="min-w-0 flex-1 truncate font-mono text-xs text-ink" title={key}>
              {key}
            </code>
            <Select
              aria-label={`${s.question}: ${key}`}
              className="w-44 shrink-0 max-sm:w-40"
              value={target}
              onChange={(event) => setRows(rows.map((row, i) => (i === index ? [key, event.target.value as MappingTarget] : row)))}
            >
              {MAPPING_TARGETS.map((value) => (
                <option key={value} value={value}>
                  {s.targets[value]}
                </option>
              ))}
            </Select>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Input
          aria-label={s.question}
          placeholder={s.question}
          className="w-48 max-sm:flex-1"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" size="sm" onClick={add}>
          {s.addQuestion}
        </Button>
        <Button size="sm" className="sm:ml-auto" loading={save.isPending} onClick={() => save.mutate({ connectionId, fieldMapping: Object.fromEntries(rows) })}>
          {s.saveMapping}
        </Button>
      </div>
    </div>
  );
}
