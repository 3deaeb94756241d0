"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { Field, Input, Select, Textarea } from "../ui/input";
import type { ProjectFormValues } from "./project-form-values";
import { OPERATION_TYPES, PROJECT_STATUSES, PROJECT_TYPES } from "./project-presentation";

const CURRENCIES = ["USD", "EUR", "MXN", "COP", "PEN", "CLP", "ARS", "PAB", "DOP", "GTQ", "CRC", "BRL", "GBP"];

export function ProjectFormFields({
  values,
  onChange,
  errors,
}: {
  values: ProjectFormValues;
  onChange: (values: ProjectFormValues) => void;
  errors: Record<string, string>;
}) {
  const { t } = useI18n();
  const f = t.projects.fields;
  const set = (key: keyof ProjectFormValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
  const input = (key: keyof ProjectFormValues, type = "text", extra: Record<string, unknown> = {}) => (
    <Field label={f[key]} error={errors[key]}>
      {(props) => <Input {...props} name={key} type={type} value={values[key]} onChange={set(key)} {...extra} />}
    </Field>
  );
  // A phone shows its number pad: digits only for whole numbers, with a decimal key otherwise.
  const number = (key: keyof ProjectFormValues, step = "1") => input(key, "number", { min: 0, step, inputMode: step === "1" ? "numeric" : "decimal" });
  const currencies = CURRENCIES.includes(values.currency) ? CURRENCIES : [values.currency, ...CURRENCIES];

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">{input("name")}</div>
      <Field label={f.type} error={errors.type}>
        {(props) => (
          <Select {...props} name="type" value={values.type} onChange={set("type")}>
            <option value="">—</option>
            {PROJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t.projectType[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={f.status} error={errors.status}>
        {(props) => (
          <Select {...props} name="status" value={values.status} onChange={set("status")}>
            {PROJECT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t.projectStatus[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {input("promotora")}
      <Field label={f.operationType} error={errors.operationType}>
        {(props) => (
          <Select {...props} name="operationType" value={values.operationType} onChange={set("operationType")}>
            <option value="">—</option>
            {OPERATION_TYPES.map((operation) => (
              <option key={operation} value={operation}>
                {t.operationType[operation]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {input("city")}
      {input("state")}
      {input("country")}
      {input("address")}
      <Field label={f.currency} error={errors.currency}>
        {(props) => (
          <Select {...props} name="currency" value={values.currency} onChange={set("currency")}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {number("salePrice", "0.01")}
      {number("rentPrice", "0.01")}
      {number("bedrooms")}
      {number("bathrooms", "0.5")}
      {number("parkingSpots")}
      {number("builtArea", "0.01")}
      {number("lotArea", "0.01")}
      <div className="sm:col-span-2">{input("image", "url", { placeholder: "https://" })}</div>
      <Field label={f.description} error={errors.description} className="sm:col-span-2">
        {(props) => <Textarea {...props} name="description" rows={4} value={values.description} onChange={set("description")} />}
      </Field>
    </div>
  );
}
