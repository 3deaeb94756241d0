"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormError } from "../ui/form-error";
import { Field, Select } from "../ui/input";
import { useToast } from "../ui/toast";
import { ReassignTargetOptions, targetOf, useReassignPools } from "./reassign-target";

export interface RemovalTarget {
  membershipId: string;
  userId: string;
  name: string;
  assignedLeads: number;
}

/**
 * Removing a member: nothing is unassigned silently. When they have leads,
 * the dialog offers to hand them first to another member or through a
 * round-robin pool (each lead's timeline records it), or to keep them
 * assigned and reassign later.
 */
export function RemoveMemberDialog({
  target,
  colleagues,
  onClose,
}: {
  target: RemovalTarget | null;
  colleagues: { userId: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [handTo, setHandTo] = useState("");
  const pools = useReassignPools();
  const [error, setError] = useState<string | null>(null);
  const reassign = useMutation(trpc.team.members.reassignLeads.mutationOptions());
  const remove = useMutation(trpc.team.members.remove.mutationOptions());
  const busy = reassign.isPending || remove.isPending;

  function close() {
    setHandTo("");
    setError(null);
    onClose();
  }

  async function confirm() {
    if (!target) return;
    setError(null);
    try {
      const to = targetOf(handTo);
      if (to) {
        let remaining = target.assignedLeads;
        while (remaining > 0) remaining = (await reassign.mutateAsync({ fromUserId: target.userId, ...to })).remaining;
      }
      await remove.mutateAsync({ membershipId: target.membershipId });
      await queryClient.invalidateQueries({ queryKey: trpc.team.overview.queryKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
      toast.success(t.team.removed(target.name));
      close();
    } catch (failure) {
      setError(errorMessageOf(failure, t.common.somethingWrong));
    }
  }

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={target ? t.team.removeTitle(target.name) : ""}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button variant="danger" onClick={confirm} loading={busy}>
            {t.team.remove}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <FormError message={error} />}
        <p className="text-sm text-ink-muted">{t.team.removeBody}</p>
        {target && target.assignedLeads > 0 && (
          <Field label={t.team.reassignTo} hint={`${t.team.assignedLeads(target.assignedLeads)}. ${pools.length > 0 ? t.teamPool.choiceHint : ""}`.trim()}>
            {(props) => (
              <Select {...props} name="reassign" value={handTo} onChange={(e) => setHandTo(e.target.value)}>
                <option value="">{t.team.keepAssigned}</option>
                <ReassignTargetOptions members={colleagues} pools={pools} />
              </Select>
            )}
          </Field>
        )}
      </div>
    </Dialog>
  );
}
