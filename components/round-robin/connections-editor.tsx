"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { Button } from "../ui/button";
import { Field, Input, Select } from "../ui/input";
import { PlusIcon } from "../shell/icons";
import { ConnectionPreview } from "./connection-preview";
import { emptyConnection, type ConnectionDraft } from "./pool-form-values";
import { CONNECTION_PROVIDERS, CONNECTION_SOURCES, FIELDS_BY_SOURCE } from "./pool-presentation";

/**
 * Connections of a pool, each with the fields its source needs (provider for
 * automation, workflow id for workflow), what its source takes, and which of
 * the newest leads it would match.
 */
export function ConnectionsEditor({
  value,
  onChange,
  errors,
}: {
  value: ConnectionDraft[];
  onChange: (next: ConnectionDraft[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useI18n();
  const r = t.routing;
  const update = (index: number, patch: Partial<ConnectionDraft>) => onChange(value.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  return (
    <div className="flex flex-col gap-3">
      {value.map((connection, index) => (
        <fieldset key={connection.key} className="grid grid-cols-1 gap-3 rounded-lg border border-line p-3 sm:grid-cols-3" data-testid="connection-draft">
          <legend className="sr-only">{`${r.fields.connections} ${index + 1}`}</legend>
          <Field label={r.fields.source} hint={r.sourceHint[connection.source]} error={errors[`connections.${index}.source`]}>
            {(props) => (
              <Select {...props} value={connection.source} onChange={(e) => update(index, { source: e.target.value as ConnectionDraft["source"] })}>
                {CONNECTION_SOURCES.map((source) => (
                  <option key={source} value={source}>
                    {r.connectionSource[source]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {connection.source === "automation" && (
            <Field label={r.fields.provider} error={errors[`connections.${index}.provider`]}>
              {(props) => (
                <Select {...props} value={connection.provider} onChange={(e) => update(index, { provider: e.target.value as ConnectionDraft["provider"] })}>
                  <option value="">—</option>
                  {CONNECTION_PROVIDERS.map((provider) => (
                    <option key={provider} value={provider}>
                      {r.provider[provider]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {FIELDS_BY_SOURCE[connection.source].map((field) => (
            <Field key={field} label={r.fields[field]} optional={field === "workflowId" ? undefined : t.common.optional} error={errors[`connections.${index}.${field}`]}>
              {(props) => <Input {...props} value={connection[field]} maxLength={200} onChange={(e) => update(index, { [field]: e.target.value })} />}
            </Field>
          ))}
          <ConnectionPreview draft={connection} />
          <div className="flex items-end sm:col-span-3 sm:justify-end">
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(value.filter((_, i) => i !== index))}>
              {r.removeConnection}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => onChange([...value, emptyConnection()])}>
          <PlusIcon /> {r.fields.addConnection}
        </Button>
      </div>
    </div>
  );
}
