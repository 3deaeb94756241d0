"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button, buttonClasses } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FormError } from "../../ui/form-error";

/** A started import: a progress bar while the job runs, then its counts, the refused rows and "Undo import". */
export function ImportProgress({ importId, onAnother }: { importId: string; onAnother: () => void }) {
  const { t, locale, dates } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery(
    trpc.leads.imports.get.queryOptions(
      { importId },
      { refetchInterval: (q) => (q.state.data && (q.state.data.status === "queued" || q.state.data.status === "running") ? 1000 : false) },
    ),
  );
  const undo = useMutation(
    trpc.leads.imports.undo.mutationOptions({
      onSuccess: async (answer) => {
        queryClient.setQueryData(trpc.leads.imports.get.queryKey({ importId }), answer);
        await queryClient.invalidateQueries({ queryKey: trpc.leads.list.pathKey() });
        setConfirming(false);
      },
    }),
  );
  const state = query.data;
  if (!state) return <p className="text-sm text-ink-muted">{t.leads.imports.running}</p>;
  const running = state.status === "queued" || state.status === "running";
  const percent = state.totalRows === 0 ? 100 : Math.round((state.processedRows / state.totalRows) * 100);
  const headings = { queued: t.leads.imports.running, running: t.leads.imports.running, completed: t.leads.imports.completed, failed: t.leads.imports.failed, undone: t.leads.imports.undone };
  const heading = headings[state.status];
  const refusedHref = `/api/exports/lead-imports/refused?importId=${encodeURIComponent(importId)}&locale=${locale}`;

  return (
    <div className="flex flex-col gap-4" data-testid="import-progress" data-status={state.status}>
      <h2 className="text-base font-semibold text-ink">{heading}</h2>
      <div>
        <div
          role="progressbar"
          aria-label={t.leads.imports.running}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 w-full overflow-hidden rounded-full bg-line"
        >
          <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-[13px] text-ink-muted">
          {t.leads.imports.progress(formatNumber(state.processedRows, locale), formatNumber(state.totalRows, locale))}
        </p>
      </div>
      <p className="text-sm text-ink" data-testid="import-counts">
        {t.leads.imports.counts(state)}
      </p>
      {state.undoSummary && <p className="text-sm text-ink">{t.leads.imports.undoSummary(state.undoSummary)}</p>}
      {state.undoableUntil && <p className="text-[13px] text-ink-muted">{t.leads.imports.undoHint(formatDateTime(state.undoableUntil, dates))}</p>}
      {undo.error && <FormError message={errorMessageOf(undo.error, t.common.somethingWrong)} />}
      {!running && (
        <div className="flex flex-wrap gap-2">
          {state.refused > 0 && (
            <a href={refusedHref} download className={buttonClasses("secondary", "md")}>
              {t.leads.imports.downloadRefused}
            </a>
          )}
          {state.undoableUntil && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t.leads.imports.undo}
            </Button>
          )}
          <Button variant="secondary" onClick={onAnother}>
            {t.leads.imports.another}
          </Button>
          <a href="/leads" className={buttonClasses("primary", "md")}>
            {t.leads.imports.backToLeads}
          </a>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.leads.imports.undo}
        body={t.leads.imports.undoConfirm}
        confirmLabel={t.leads.imports.undo}
        cancelLabel={t.common.cancel}
        busy={undo.isPending}
        onConfirm={() => undo.mutate({ importId })}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
