"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { SecretValue } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";
import { useToast } from "../ui/toast";

/**
 * "Share sheet" of a unit (or of the project, `unit` null): the live links to
 * its public sheet with their views, a new link for anyone, copy and revoke.
 * Personal links are made from the lead page ("Send unit").
 */
export function ShareSheetDialog({
  projectId,
  unit,
  name,
  onClose,
}: {
  projectId: string;
  unit: { id: string } | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const s = t.sheetLinks;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const links = useQuery(trpc.sheets.list.queryOptions({ projectId, ...(unit ? { unitId: unit.id } : {}) }));
  const shown = (links.data?.data ?? []).filter((link) => (unit ? link.unitId === unit.id : link.unitId === null));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sheets.list.pathKey() });
  const create = useMutation(trpc.sheets.create.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(
    trpc.sheets.revoke.mutationOptions({
      onSuccess: async () => {
        toast.success(s.revoked);
        await refresh();
      },
    }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={s.title(name)}
      footer={
        <Button loading={create.isPending} onClick={() => create.mutate({ projectId, unitId: unit?.id ?? null })}>
          {s.create}
        </Button>
      }
    >
      {shown.length === 0 ? (
        <p className="text-sm text-ink-muted">{s.empty}</p>
      ) : (
        <ul className="space-y-4" data-testid="sheet-links">
          {shown.map((link) => (
            <li key={link.id} className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 font-medium">{link.leadName ? s.personalFor(link.leadName) : s.anyone}</span>
                <span className="text-ink-muted">
                  {s.views(link.views)}
                  {link.interestedAt ? ` · ${s.interested}` : ""}
                </span>
              </div>
              <SecretValue value={link.url} label={s.copy} copiedLabel={s.copied} />
              <Button variant="ghost" size="sm" loading={revoke.isPending && revoke.variables?.linkId === link.id} onClick={() => revoke.mutate({ projectId, linkId: link.id })}>
                {s.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
