"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { LEAD_SOURCES, LEAD_STATUSES } from "~/server/leads/lead-enums";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader, PageHeader } from "../ui/card";
import { FormError } from "../ui/form-error";
import { Checkbox, Field, Input, Select } from "../ui/input";
import { useToast } from "../ui/toast";
import { criteriaOf, newSequenceValues, throttleOf, toggle, valuesOf, type SequenceFormValues, type SequenceLike } from "./sequence-form-values";

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * Create or edit a draft: the audience (with its live count) and the pacing,
 * saved in one request. A launched sequence (`status` other than draft) is
 * shown read-only: every field disabled, no save, a notice saying why.
 */
export function SequenceForm({ sequence }: { sequence?: SequenceLike & { id: string; status?: string } }) {
  const { t, timeZone } = useI18n();
  const s = t.sequences;
  const readOnly = sequence?.status !== undefined && sequence.status !== "draft";
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const stages = useQuery(trpc.catalog.pipelineStages.queryOptions());
  const [values, setValues] = useState<SequenceFormValues>(() => (sequence ? valuesOf(sequence) : newSequenceValues(timeZone)));
  const set = <K extends keyof SequenceFormValues>(key: K, value: SequenceFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const zones = useMemo(() => timeZones(values.timezone), [values.timezone]);

  const preview = useMutation(trpc.sequences.previewAudience.mutationOptions());
  const { mutate: countAudience } = preview;
  const criteriaKey = JSON.stringify(criteriaOf(values));
  // The live count follows the audience choices, a moment after the last change.
  useEffect(() => {
    if (readOnly) return; // enrolled at launch: the progress counts them, not a preview
    const timer = setTimeout(() => countAudience({ criteria: JSON.parse(criteriaKey) }), 300);
    return () => clearTimeout(timer);
  }, [criteriaKey, countAudience, readOnly]);

  const onDone = async (id: string, message: string) => {
    await queryClient.invalidateQueries({ queryKey: trpc.sequences.pathKey() });
    toast.success(message);
    router.push(`/sequences/${id}`);
  };
  const create = useMutation(trpc.sequences.create.mutationOptions({ onSuccess: (created) => onDone(created.id, s.created) }));
  const update = useMutation(trpc.sequences.update.mutationOptions({ onSuccess: () => onDone(sequence!.id, s.saved) }));
  const error = create.error ?? update.error;
  const errors = fieldErrorsOf(error);
  const generalError = error && Object.keys(errors).length === 0 ? errorMessageOf(error, t.common.somethingWrong) : null;

  function submit() {
    const body = { name: values.name, criteria: criteriaOf(values), throttle: throttleOf(values) };
    if (sequence) update.mutate({ sequenceId: sequence.id, ...body });
    else create.mutate(body);
  }

  return (
    <>
      <PageHeader title={readOnly ? `${s.readOnlyTitle}: ${sequence!.name}` : sequence ? s.editSequence : s.newSequence} />
      {readOnly && (
        <p className="mb-4 rounded-md border border-line bg-canvas px-4 py-3 text-sm text-ink-muted" role="status" data-testid="sequence-read-only">
          {s.readOnlyNotice(s.status[sequence!.status as keyof typeof s.status] ?? sequence!.status!)}
        </p>
      )}
      <form noValidate className="flex flex-col gap-6" onSubmit={(event) => { event.preventDefault(); if (!readOnly) submit(); }}>
        <fieldset disabled={readOnly} className={readOnly ? "flex min-w-0 flex-col gap-6 opacity-75" : "flex min-w-0 flex-col gap-6"}>
        <Card>
          <CardHeader title={s.sequenceDetails} />
          <div className="p-5">
            <Field label={s.fields.name} error={errors.name}>
              {(props) => <Input {...props} value={values.name} maxLength={120} onChange={(e) => set("name", e.target.value)} required />}
            </Field>
          </div>
        </Card>
        <Card>
          <CardHeader
            title={s.fields.audience}
            description={s.fields.audienceHint}
            actions={<span className="text-sm font-medium tabular-nums" aria-live="polite" data-testid="audience-count">{preview.isPending ? s.previewing : preview.data ? s.previewCount(preview.data.count) : ""}</span>}
          />
          <div className="grid grid-cols-1 gap-5 p-5 sm:grid-cols-2">
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium">{s.fields.statuses}</legend>
              {LEAD_STATUSES.map((status) => (
                <Checkbox key={status} label={t.leadStatus[status]} checked={values.statuses.includes(status)} onChange={() => set("statuses", toggle(values.statuses, status))} />
              ))}
            </fieldset>
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium">{s.fields.sources}</legend>
              {LEAD_SOURCES.map((source) => (
                <Checkbox key={source} label={t.leadSource[source]} checked={values.sources.includes(source)} onChange={() => set("sources", toggle(values.sources, source))} />
              ))}
            </fieldset>
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium">{s.fields.stages}</legend>
              {(stages.data?.data ?? []).map((stage) => (
                <Checkbox key={stage.id} label={stage.name} checked={values.stageIds.includes(stage.id)} onChange={() => set("stageIds", toggle(values.stageIds, stage.id))} />
              ))}
            </fieldset>
            <Field label={s.fields.minScore} error={errors["criteria.minScore"]} optional={t.common.optional}>
              {(props) => <Input {...props} type="number" inputMode="numeric" min={0} max={100} value={values.minScore} onChange={(e) => set("minScore", e.target.value)} />}
            </Field>
          </div>
        </Card>
        <Card>
          <CardHeader title={s.fields.pacing} />
          <div className="grid grid-cols-1 gap-4 p-5 sm:grid-cols-2">
            <Field label={s.fields.maxPerMinute} error={errors["throttle.maxPerMinute"]}>
              {(props) => <Input {...props} type="number" inputMode="numeric" min={1} max={60} value={values.maxPerMinute} onChange={(e) => set("maxPerMinute", e.target.value)} />}
            </Field>
            <Field label={s.fields.timezone} error={errors["throttle.timezone"]}>
              {(props) => (
                <Select {...props} value={values.timezone} onChange={(e) => set("timezone", e.target.value)}>
                  {zones.map((zone) => <option key={zone} value={zone}>{zone}</option>)}
                </Select>
              )}
            </Field>
            <Field label={s.fields.hoursStart} error={errors["throttle.businessHoursStart"]}>
              {(props) => <Input {...props} type="time" value={values.businessHoursStart} onChange={(e) => set("businessHoursStart", e.target.value)} />}
            </Field>
            <Field label={s.fields.hoursEnd} error={errors["throttle.businessHoursEnd"]}>
              {(props) => <Input {...props} type="time" value={values.businessHoursEnd} onChange={(e) => set("businessHoursEnd", e.target.value)} />}
            </Field>
            <fieldset className="sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">{s.fields.weekdays}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {s.weekdays.map((label, index) => (
                  <Checkbox key={label} label={label} checked={values.weekdays.includes(index + 1)} onChange={() => set("weekdays", toggle(values.weekdays, index + 1))} />
                ))}
              </div>
              {errors["throttle.weekdays"] && <p className="mt-1 text-sm text-danger">{errors["throttle.weekdays"]}</p>}
            </fieldset>
          </div>
        </Card>
        </fieldset>
        {generalError && <FormError message={generalError} />}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => router.back()}>{readOnly ? t.common.back : t.common.cancel}</Button>
          {!readOnly && <Button type="submit" loading={create.isPending || update.isPending}>{sequence ? t.common.save : t.common.create}</Button>}
        </div>
      </form>
    </>
  );
}
