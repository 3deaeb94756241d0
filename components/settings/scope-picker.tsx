"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { SCOPE_GROUPS, SCOPES, type Scope } from "~/server/auth/scopes";
import { Button } from "../ui/button";

/** Scopes grouped by area, with a group toggle each and select-all / clear for the lot. */
export function ScopePicker({ value, onChange, error }: { value: Scope[]; onChange: (scopes: Scope[]) => void; error?: string }) {
  const { t } = useI18n();
  const selected = new Set(value);
  const setGroup = (scopes: readonly Scope[], on: boolean) => {
    const next = new Set(selected);
    for (const scope of scopes) {
      if (on) next.add(scope);
      else next.delete(scope);
    }
    onChange(SCOPES.filter((scope) => next.has(scope)));
  };
  return (
    <fieldset aria-describedby={error ? "scope-error" : undefined}>
      <div className="mb-2 flex items-center justify-between">
        <legend className="text-[13px] font-medium">{t.settings.keys.scopes}</legend>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => onChange([...SCOPES])}>
            {t.settings.keys.selectAll}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange([])}>
            {t.settings.keys.clearAll}
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {Object.entries(SCOPE_GROUPS).map(([group, scopes]) => {
          const all = scopes.every((scope) => selected.has(scope));
          const some = !all && scopes.some((scope) => selected.has(scope));
          return (
            <div key={group} className="rounded-lg border border-line p-3">
              <label className="flex items-center gap-2 text-sm font-medium touch:min-h-11">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={all}
                  ref={(element) => {
                    if (element) element.indeterminate = some;
                  }}
                  onChange={(event) => setGroup(scopes, event.target.checked)}
                />
                {group}
              </label>
              <div className="mt-2 flex flex-col gap-1 pl-6">
                {scopes.map((scope) => (
                  <label key={scope} className="flex items-center gap-2 text-[13px] text-ink-muted touch:min-h-11">
                    <input type="checkbox" className="size-3.5 accent-accent" checked={selected.has(scope)} onChange={(event) => setGroup([scope], event.target.checked)} />
                    <code className="font-mono text-xs">{scope}</code>
                  </label>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p id="scope-error" className="mt-1.5 text-xs font-medium text-danger" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
