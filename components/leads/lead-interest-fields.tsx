"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { Checkbox, Field, Input, Select } from "../ui/input";
import { interestControlOf, type InterestFormValues } from "./lead-interest-form";

/**
 * "What they are looking for" and the consent to receive offers, in the lead
 * form. Errors come from the server keyed by path (`interest.budgetMax`).
 */
export function LeadInterestFields({
  values,
  onChange,
  errors,
  projects,
}: {
  values: InterestFormValues;
  onChange: (values: InterestFormValues) => void;
  errors: Record<string, string>;
  /** The organization's projects to choose from. */
  projects: readonly { id: string; name: string }[];
}) {
  const { t } = useI18n();
  const f = t.leads.interest;
  const errorOf = (key: keyof InterestFormValues) =>
    errors[key] ?? Object.entries(errors).find(([path]) => interestControlOf(path) === key)?.[1];
  const set = (key: Exclude<keyof InterestFormValues, "interestProjectIds">) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
  const input = (key: Exclude<keyof InterestFormValues, "interestProjectIds">, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} error={errorOf(key)}>
      {(props) => <Input {...props} name={key} value={values[key]} onChange={set(key)} {...extra} />}
    </Field>
  );
  const number = { type: "number", min: 0, inputMode: "decimal" };

  return (
    <fieldset className="grid grid-cols-1 gap-4 border-t border-line pt-4 sm:col-span-2 sm:grid-cols-2" data-testid="lead-interest-fields">
      <legend className="px-1 text-sm font-semibold text-ink">{f.title}</legend>
      <Field label={f.operation} error={errorOf("interestOperation")}>
        {(props) => (
          <Select {...props} name="interestOperation" value={values.interestOperation} onChange={set("interestOperation")}>
            <option value="">{f.anyOperation}</option>
            <option value="sale">{f.sale}</option>
            <option value="rent">{f.rent}</option>
          </Select>
        )}
      </Field>
      {input("interestCurrency", f.currency, { placeholder: "USD", maxLength: 3, autoCapitalize: "characters" })}
      {input("interestBudgetMin", f.budgetMin, { ...number, step: "0.01" })}
      {input("interestBudgetMax", f.budgetMax, { ...number, step: "0.01" })}
      {input("interestMinBedrooms", f.minBedrooms, { ...number, step: 1, inputMode: "numeric" })}
      {input("interestMinBathrooms", f.minBathrooms, { ...number, step: "0.5" })}
      {input("interestMinArea", f.minArea, { ...number, step: "0.01" })}
      {input("interestCities", f.cities, { placeholder: f.citiesPlaceholder })}
      {input("interestUnitTypes", f.unitTypes, { placeholder: f.unitTypesPlaceholder })}
      {projects.length > 0 && (
        <fieldset className="sm:col-span-2" aria-describedby={errorOf("interestProjectIds") ? "interest-projects-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-ink">{f.projects}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {projects.map((project) => (
              <Checkbox
                key={project.id}
                label={project.name}
                name="interestProjectIds"
                value={project.id}
                checked={values.interestProjectIds.includes(project.id)}
                onChange={(event) =>
                  onChange({
                    ...values,
                    interestProjectIds: event.target.checked
                      ? [...values.interestProjectIds, project.id]
                      : values.interestProjectIds.filter((id) => id !== project.id),
                  })
                }
              />
            ))}
          </div>
          {errorOf("interestProjectIds") && (
            <p id="interest-projects-error" className="mt-1 text-xs font-medium text-danger" data-field-error>
              {errorOf("interestProjectIds")}
            </p>
          )}
        </fieldset>
      )}
      <Field label={f.consent} error={errorOf("offersConsent")}>
        {(props) => (
          <Select {...props} name="offersConsent" value={values.offersConsent} onChange={set("offersConsent")}>
            <option value="">{f.consentUnknown}</option>
            <option value="yes">{f.consentYes}</option>
            <option value="no">{f.consentNo}</option>
          </Select>
        )}
      </Field>
    </fieldset>
  );
}
