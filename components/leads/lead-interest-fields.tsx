"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { Field, Input, Select } from "../ui/input";
import { interestControlOf, type InterestFormValues } from "./lead-interest-form";

/**
 * "What they are looking for" and the consent to receive offers, in the lead
 * form. Errors come from the server keyed by path (`interest.budgetMax`).
 */
export function LeadInterestFields({
  values,
  onChange,
  errors,
}: {
  values: InterestFormValues;
  onChange: (values: InterestFormValues) => void;
  errors: Record<string, string>;
}) {
  const { t } = useI18n();
  const f = t.leads.interest;
  const errorOf = (key: keyof InterestFormValues) =>
    errors[key] ?? Object.entries(errors).find(([path]) => interestControlOf(path) === key)?.[1];
  const set = (key: keyof InterestFormValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
  const input = (key: keyof InterestFormValues, label: string, extra: Record<string, unknown> = {}) => (
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
