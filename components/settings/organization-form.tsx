"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { getCountries } from "libphonenumber-js";
import { useMemo, useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Field, Input, Select } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { Checkbox } from "../ui/input";
import { DEFAULT_WORKING_HOURS, WorkingHoursFields, type WorkingHoursValue } from "../first-touch/working-hours-fields";

type DuplicatePolicy = "off" | "suggest" | "auto_merge";

/** Countries libphonenumber knows, named in the dashboard's language, A→Z. */
function countries(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

function timeZones(current: string | null): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** Name, time zone and language of the organization. Saving re-renders the dashboard in the new language and zone. */
export function OrganizationForm() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const organization = useQuery(trpc.settings.organization.get.queryOptions());
  if (organization.isPending) return <LoadingBlock label={t.common.loading} />;
  if (organization.isError) return <p className="text-sm text-danger">{errorMessageOf(organization.error, t.common.somethingWrong)}</p>;
  return <OrganizationFormFields initial={organization.data} />;
}

function OrganizationFormFields({
  initial,
}: {
  initial: {
    name: string;
    timezone: string | null;
    locale: "en" | "es";
    currency: string;
    defaultCountry: string | null;
    leadVisibility: "all" | "own";
    firstTouchMinutes: number;
    businessHours: WorkingHoursValue | null;
    duplicatePolicy: DuplicatePolicy;
  };
}) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    name: initial.name,
    timezone: initial.timezone ?? "",
    locale: initial.locale,
    currency: initial.currency,
    defaultCountry: initial.defaultCountry ?? "",
    leadVisibility: initial.leadVisibility,
    firstTouchMinutes: String(initial.firstTouchMinutes),
    hasBusinessHours: initial.businessHours !== null,
    businessHours: initial.businessHours ?? DEFAULT_WORKING_HOURS,
    duplicatePolicy: initial.duplicatePolicy,
  });
  const zones = useMemo(() => timeZones(initial.timezone), [initial.timezone]);
  const regions = useMemo(() => countries(locale), [locale]);
  const currencies = useMemo(() => currencyOptions(locale), [locale]);
  const save = useMutation(
    trpc.settings.organization.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        toast.success(values.locale === "es" ? "Cambios guardados" : "Changes saved");
        router.refresh();
      },
      onError: (error) => {
        if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(errorMessageOf(error, t.common.somethingWrong));
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const o = t.settings.org;
  return (
    <Card>
      <CardHeader title={t.settings.organization} description={o.subtitle} />
      <form
        noValidate
        className="flex max-w-xl flex-col gap-5 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            name: values.name,
            timezone: values.timezone || null,
            locale: values.locale,
            currency: values.currency,
            defaultCountry: values.defaultCountry || null,
            leadVisibility: values.leadVisibility,
            firstTouchMinutes: Number(values.firstTouchMinutes),
            businessHours: values.hasBusinessHours ? values.businessHours : null,
            duplicatePolicy: values.duplicatePolicy,
          });
        }}
      >
        <Field label={o.name} error={errors.name}>
          {(props) => <Input {...props} name="name" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />}
        </Field>
        <Field label={o.timezone} hint={o.timezoneHint} error={errors.timezone}>
          {(props) => (
            <Select {...props} name="timezone" value={values.timezone} onChange={(e) => setValues({ ...values, timezone: e.target.value })}>
              <option value="">{o.notSet}</option>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={o.currency} hint={o.currencyHint} error={errors.currency}>
          {(props) => (
            <Select {...props} name="currency" value={values.currency} onChange={(e) => setValues({ ...values, currency: e.target.value })}>
              {currencies.map((currency) => (
                <option key={currency.code} value={currency.code}>
                  {currency.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={o.defaultCountry} hint={o.defaultCountryHint} error={errors.defaultCountry}>
          {(props) => (
            <Select {...props} name="defaultCountry" value={values.defaultCountry} onChange={(e) => setValues({ ...values, defaultCountry: e.target.value })}>
              <option value="">{o.notSet}</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={o.locale} hint={o.localeHint} error={errors.locale}>
          {(props) => (
            <Select {...props} name="locale" value={values.locale} onChange={(e) => setValues({ ...values, locale: e.target.value as "en" | "es" })}>
              <option value="en">{t.locales.en}</option>
              <option value="es">{t.locales.es}</option>
            </Select>
          )}
        </Field>
        <Field label={t.visibility.setting} hint={t.visibility.settingHint} error={errors.leadVisibility}>
          {(props) => (
            <Select
              {...props}
              name="leadVisibility"
              value={values.leadVisibility}
              onChange={(e) => setValues({ ...values, leadVisibility: e.target.value as "all" | "own" })}
            >
              <option value="all">{t.visibility.all}</option>
              <option value="own">{t.visibility.own}</option>
            </Select>
          )}
        </Field>
        <Field label={t.workingHours.firstTouchMinutes} hint={t.workingHours.firstTouchMinutesHint} error={errors.firstTouchMinutes}>
          {(props) => (
            <Input
              {...props}
              name="firstTouchMinutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              className="w-32"
              value={values.firstTouchMinutes}
              onChange={(e) => setValues({ ...values, firstTouchMinutes: e.target.value })}
            />
          )}
        </Field>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-ink">{t.workingHours.businessHours}</p>
          <p className="text-sm text-ink-muted">{t.workingHours.businessHoursHint}</p>
          <Checkbox label={t.workingHours.hasBusinessHours} checked={values.hasBusinessHours} onChange={(e) => setValues({ ...values, hasBusinessHours: e.target.checked })} />
          {values.hasBusinessHours && (
            <WorkingHoursFields
              value={values.businessHours}
              onChange={(businessHours) => setValues({ ...values, businessHours })}
              error={errors["businessHours.end"] ?? errors["businessHours.start"] ?? errors["businessHours.weekdays"] ?? errors.businessHours}
            />
          )}
        </div>
        <Field label={t.duplicates.policy} hint={t.duplicates.policyHint} error={errors.duplicatePolicy}>
          {(props) => (
            <Select
              {...props}
              name="duplicatePolicy"
              value={values.duplicatePolicy}
              onChange={(e) => setValues({ ...values, duplicatePolicy: e.target.value as DuplicatePolicy })}
            >
              <option value="off">{t.duplicates.off}</option>
              <option value="suggest">{t.duplicates.suggest}</option>
              <option value="auto_merge">{t.duplicates.autoMerge}</option>
            </Select>
          )}
        </Field>
        <div>
          <Button type="submit" loading={save.isPending}>
            {t.common.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Every ISO 4217 currency the runtime knows, named in the viewer's language ("US Dollar (USD)"). */
function currencyOptions(locale: "en" | "es"): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "currency" });
  return Intl.supportedValuesOf("currency")
    .map((code) => ({ code, name: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
