"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Select, Textarea } from "../ui/input";
import { useToast } from "../ui/toast";
import { UnitHolderField } from "./unit-holder-field";
import { UNIT_STATUSES, type Unit, type UnitStatus } from "./project-presentation";

interface UnitFormValues {
  name: string;
  type: string;
  price: string;
  area: string;
  status: UnitStatus;
  leadId: string | null;
  /** One https URL per line. */
  photos: string;
}

const EMPTY: UnitFormValues = { name: "", type: "", price: "", area: "", status: "available", leadId: null, photos: "" };

function valuesOf(unit: Unit | null): UnitFormValues {
  if (!unit) return EMPTY;
  return { name: unit.name, type: unit.type ?? "", price: String(unit.price), area: unit.area === null ? "" : String(unit.area), status: unit.status, leadId: unit.leadId, photos: unit.photos.join("\n") };
}

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));
/** The photo lines that say something; the server checks each is an https URL. */
const photoLines = (value: string) => value.split("\n").map((line) => line.trim()).filter((line) => line !== "");

/** Adds a unit to the project, or edits one (`unit` given). */
export function UnitDialog({ projectId, currency, unit, open, onClose }: { projectId: string; currency: string; unit: Unit | null; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<UnitFormValues>(() => valuesOf(unit));
  const onSuccess = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: trpc.projects.pathKey() });
    toast.success(message);
    onClose();
  };
  const create = useMutation(trpc.projects.createUnit.mutationOptions({ onSuccess: () => onSuccess(t.projects.unitCreated) }));
  const update = useMutation(trpc.projects.updateUnit.mutationOptions({ onSuccess: () => onSuccess(t.projects.unitUpdated) }));
  const active = unit ? update : create;
  const { errors, hasErrors, track } = useFieldErrors(active.error);
  const generalError = active.error && !hasErrors ? errorMessageOf(active.error, t.common.somethingWrong) : null;
  const set = (key: keyof UnitFormValues) => (event: { target: { value: string } }) => track(setValues, values)({ ...values, [key]: event.target.value });
  const f = t.projects.unitFields;
  // A refused photo is named by its position (`photos.2`): shown under the one field.
  const photosError = errors.photos ?? Object.entries(errors).find(([field]) => field.startsWith("photos."))?.[1];

  function submit() {
    const body = {
      name: values.name,
      type: values.type.trim() === "" ? null : values.type,
      // An empty price is sent as NaN's absence: the server then names the field.
      price: numberOrNull(values.price) ?? Number.NaN,
      area: numberOrNull(values.area),
      status: values.status,
      photos: photoLines(values.photos),
    };
    // A unit set back to available is released (the server clears its lead).
    if (unit) update.mutate({ projectId, unitId: unit.id, ...body, ...(values.status === "available" ? {} : { leadId: values.leadId }) });
    else create.mutate({ projectId, ...body });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={unit ? t.projects.editUnit : t.projects.addUnit}
      formId="unit-form"
      submitLabel={unit ? t.common.save : t.projects.addUnit}
      pending={active.isPending}
      error={generalError}
      onSubmit={submit}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <Field label={f.name} error={errors.name} className="sm:col-span-2">
        {(props) => <Input {...props} name="name" value={values.name} onChange={set("name")} autoFocus />}
      </Field>
      <Field label={`${f.price} (${currency})`} error={errors.price}>
        {(props) => <Input {...props} name="price" type="number" inputMode="numeric" min={0} step={1} value={values.price} onChange={set("price")} />}
      </Field>
      <Field label={f.area} error={errors.area}>
        {(props) => <Input {...props} name="area" type="number" inputMode="numeric" min={0} step={1} value={values.area} onChange={set("area")} />}
      </Field>
      <Field label={f.type} error={errors.type}>
        {(props) => <Input {...props} name="type" value={values.type} onChange={set("type")} placeholder="2BR, Penthouse…" />}
      </Field>
      <Field label={f.status} error={errors.status}>
        {(props) => (
          <Select {...props} name="status" value={values.status} onChange={set("status")}>
            {UNIT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t.unitStatus[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={f.photos} hint={f.photosHint} error={photosError} optional={t.common.optional} className="sm:col-span-2">
        {(props) => (
          <Textarea {...props} name="photos" rows={3} value={values.photos} onChange={set("photos")} placeholder="https://…" spellCheck={false} autoCapitalize="off" inputMode="url" />
        )}
      </Field>
      {unit && values.status !== "available" && (
        <UnitHolderField value={values.leadId} onChange={(leadId) => track(setValues, values)({ ...values, leadId })} error={errors.leadId} />
      )}
    </FormDialog>
  );
}
