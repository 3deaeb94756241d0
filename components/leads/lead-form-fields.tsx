"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { Field, Input, Select, Textarea } from "../ui/input";
import type { LeadFormValues } from "./lead-form-values";
import { LeadInterestFields } from "./lead-interest-fields";
import { type Member, type Stage } from "./lead-presentation";
import { LEAD_SOURCES } from "~/server/leads/lead-enums";

interface Choices {
  stages: Stage[];
  members: Member[];
  projects: { id: string; name: string }[];
}

/**
 * The lead's editable fields, shared by "New lead" and "Edit lead". Errors
 * come from the server (`data.fieldErrors`), keyed by field name.
 */
export function LeadFormFields({
  values,
  onChange,
  errors,
  choices,
  assigneeHint,
}: {
  values: LeadFormValues;
  onChange: (values: LeadFormValues) => void;
  errors: Record<string, string>;
  choices: Choices;
  /** Said under the assignee (e.g. that the lead will leave the viewer's sight). */
  assigneeHint?: string;
}) {
  const { t } = useI18n();
  const f = t.leads.fields;
  const set = (key: keyof LeadFormValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
  const text = (key: keyof LeadFormValues, label: string, type = "text", extra: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[key]}>
      {(props) => <Input {...props} name={key} type={type} value={values[key]} onChange={set(key)} {...extra} />}
    </Field>
  );
  const contactError = errors.email === undefined && errors.phone === undefined ? undefined : null;

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {text("firstName", f.firstName)}
      {text("lastName", f.lastName)}
      {text("email", f.email, "email", { autoComplete: "off" })}
      {text("phone", f.phone, "tel", { autoComplete: "off" })}
      {contactError === undefined && <p className="-mt-2 text-xs text-ink-muted sm:col-span-2">{t.leads.contactRule}</p>}
      {text("company", f.company)}
      {text("jobTitle", f.jobTitle)}
      {/* One lead state: the stage (its status follows on the server). A new lead without one starts in the first stage. */}
      <Field label={f.stage} error={errors.stageId ?? errors.status}>
        {(props) => (
          <Select {...props} name="stageId" value={values.stageId || (choices.stages[0]?.id ?? "")} onChange={set("stageId")}>
            {choices.stages.map((stage) => (
              <option key={stage.id} value={stage.id}>
                {stage.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={f.source} error={errors.source}>
        {(props) => (
          <Select {...props} name="source" value={values.source} onChange={set("source")}>
            {LEAD_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t.leadSource[source]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={f.assignee} hint={assigneeHint} error={errors.assignedToId}>
        {(props) => (
          <Select {...props} name="assignedToId" value={values.assignedToId} onChange={set("assignedToId")}>
            <option value="">{t.common.unassigned}</option>
            {choices.members.map((member) => (
              <option key={member.user.id} value={member.user.id}>
                {member.user.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {text("estimatedValue", f.estimatedValue, "number", { min: 0, step: "0.01", inputMode: "decimal" })}
      {text("score", f.score, "number", { min: 0, max: 100, step: 1, inputMode: "numeric" })}
      <Field label={f.temperature} error={errors.temperature}>
        {(props) => (
          <Select {...props} name="temperature" value={values.temperature} onChange={set("temperature")}>
            <option value="">—</option>
            <option value="cold">{t.temperature.cold}</option>
            <option value="warm">{t.temperature.warm}</option>
            <option value="hot">{t.temperature.hot}</option>
          </Select>
        )}
      </Field>
      <Field label={f.project} error={errors.projectId}>
        {(props) => (
          <Select {...props} name="projectId" value={values.projectId} onChange={set("projectId")}>
            <option value="">{t.common.none}</option>
            {choices.projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {text("city", f.city)}
      {text("state", f.state)}
      {text("country", f.country)}
      <Field label={f.language} hint={f.languageHint} error={errors.language}>
        {(props) => (
          <Select {...props} name="language" value={values.language} onChange={set("language")}>
            <option value="">{f.languageDefault}</option>
            <option value="en">{t.locales.en}</option>
            <option value="es">{t.locales.es}</option>
          </Select>
        )}
      </Field>
      <Field label={f.notes} error={errors.notes} className="sm:col-span-2">
        {(props) => <Textarea {...props} name="notes" rows={3} value={values.notes} onChange={set("notes")} />}
      </Field>
      <LeadInterestFields
        values={values}
        onChange={(interest) => onChange({ ...values, ...interest })}
        errors={errors}
        projects={choices.projects}
      />
    </div>
  );
}
