"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from "~/server/leads/imports/import-fields";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormError } from "../../ui/form-error";
import { Field, Input, Select } from "../../ui/input";
import { Table, TBody, TD, TH, THead, TR } from "../../ui/table";
import { ImportProgress } from "./import-progress";
import { readCsvFileText } from "./read-csv-file";

const POLICIES = ["skip", "update", "create"] as const;
type Policy = (typeof POLICIES)[number];

/** Leads → Import CSV: pick a file, check the mapping against the first rows, choose the duplicate policy, import. */
export function LeadImportWizard() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [policy, setPolicy] = useState<Policy>("skip");
  const [importId, setImportId] = useState<string | null>(null);
  const preview = useMutation(trpc.leads.imports.preview.mutationOptions({ onSuccess: (answer) => setMapping(answer.suggestedMapping) }));
  const start = useMutation(trpc.leads.imports.start.mutationOptions({ onSuccess: (answer) => setImportId(answer.id) }));

  const reset = () => {
    setFile(null);
    setImportId(null);
    preview.reset();
    start.reset();
  };

  if (importId) {
    return (
      <Card className="p-4 sm:p-6">
        <ImportProgress importId={importId} onAnother={reset} />
      </Card>
    );
  }

  const headers = preview.data?.headers ?? [];
  const error = preview.error ?? start.error;
  return (
    <Card className="flex flex-col gap-6 p-4 sm:p-6">
      <Field label={t.leads.imports.fileLabel} hint={t.leads.imports.fileHint}>
        {(props) => (
          <Input
            {...props}
            type="file"
            accept=".csv,text/csv"
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              if (!chosen) return;
              const content = await readCsvFileText(chosen);
              setFile({ name: chosen.name, content });
              start.reset();
              preview.mutate({ content });
            }}
          />
        )}
      </Field>
      {preview.isPending && <p className="text-sm text-ink-muted">{t.leads.imports.reading}</p>}
      {error && <FormError message={errorMessageOf(error, t.common.somethingWrong)} />}
      {preview.data && file && (
        <>
          <p className="text-sm text-ink">{t.leads.imports.rowsFound(preview.data.rowCount)}</p>
          <section className="flex flex-col gap-3">
            <h2 className="text-base font-semibold text-ink">{t.leads.imports.mappingTitle}</h2>
            <p className="text-[13px] text-ink-muted">{t.leads.imports.mappingHint}</p>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {IMPORT_FIELDS.map((field: ImportField) => (
                <Field key={field} label={t.leads.imports.fields[field]}>
                  {(props) => (
                    <Select
                      {...props}
                      value={mapping[field] === undefined ? "" : String(mapping[field])}
                      onChange={(event) => {
                        const value = event.target.value;
                        setMapping((current) => {
                          const next = { ...current };
                          if (value === "") delete next[field];
                          else next[field] = Number(value);
                          return next;
                        });
                      }}
                    >
                      <option value="">{t.leads.imports.notImported}</option>
                      {headers.map((header, index) => (
                        <option key={index} value={index}>
                          {header || `#${index + 1}`}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ))}
            </div>
          </section>
          <section className="flex min-w-0 flex-col gap-3">
            <h2 className="text-base font-semibold text-ink">{t.leads.imports.previewTitle}</h2>
            <Table label={t.leads.imports.previewTitle}>
              <THead>
                <TR>
                  {headers.map((header, index) => (
                    <TH key={index}>{header}</TH>
                  ))}
                </TR>
              </THead>
              <TBody>
                {preview.data.preview.map((row, rowIndex) => (
                  <TR key={rowIndex}>
                    {row.map((cell, index) => (
                      <TD key={index} label={index === 0 ? undefined : headers[index]}>
                        {cell}
                      </TD>
                    ))}
                  </TR>
                ))}
              </TBody>
            </Table>
          </section>
          <Field label={t.leads.imports.duplicatesLabel}>
            {(props) => (
              <Select {...props} value={policy} onChange={(event) => setPolicy(event.target.value as Policy)}>
                {POLICIES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t.leads.imports.duplicates[choice]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div>
            <Button
              loading={start.isPending}
              onClick={() => start.mutate({ fileName: file.name, content: file.content, mapping, onDuplicate: policy })}
            >
              {t.leads.imports.start}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
