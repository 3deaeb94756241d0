"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { leadName } from "../leads/lead-presentation";
import { Field, Input } from "../ui/input";

/**
 * Who reserved or bought the unit: a search over the leads the person sees
 * (name, email or company; two letters at least) and a choice among the
 * results. The server checks the lead again when the unit is saved.
 */
export function UnitHolderField({ value, onChange, error }: { value: string | null; onChange: (leadId: string | null) => void; error?: string }) {
  const { t } = useI18n();
  const f = t.projects.holder;
  const trpc = useTRPC();
  const [query, setQuery] = useState("");
  const q = query.trim();
  const results = useQuery({ ...trpc.leads.search.queryOptions({ q, limit: 5 }), enabled: q.length >= 2 });
  const current = useQuery({ ...trpc.leads.get.queryOptions({ leadId: value ?? "" }), enabled: value !== null, retry: false });

  return (
    <Field label={f.label} hint={f.hint} error={error} className="sm:col-span-2">
      {(props) => (
        <div className="flex flex-col gap-2">
          {value && (
            <div className="flex items-center justify-between gap-2 rounded-md border border-line px-3 py-2 text-sm" data-testid="unit-holder">
              <span className="min-w-0 truncate">{current.data ? leadName(current.data, t.leads.unnamed) : value}</span>
              <button type="button" className="text-accent hover:underline touch:min-h-11" onClick={() => onChange(null)}>
                {f.clear}
              </button>
            </div>
          )}
          <Input {...props} name="leadSearch" value={query} onChange={(event) => setQuery(event.target.value)} placeholder={f.search} autoComplete="off" />
          {q.length >= 2 && results.data && (
            <ul className="flex flex-col divide-y divide-line rounded-md border border-line text-sm">
              {results.data.data.length === 0 && <li className="px-3 py-2 text-ink-muted">{f.none}</li>}
              {results.data.data.map((lead) => (
                <li key={lead.id}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left hover:bg-accent-soft touch:min-h-11"
                    onClick={() => {
                      onChange(lead.id);
                      setQuery("");
                    }}
                  >
                    <span className="font-medium">{leadName(lead, t.leads.unnamed)}</span>
                    {lead.email && <span className="ml-2 text-ink-muted">{lead.email}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}
