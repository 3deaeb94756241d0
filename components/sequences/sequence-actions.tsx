"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import Link from "next/link";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button, buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useToast } from "../ui/toast";

type Action = "launch" | "pause" | "resume" | "delete";

/** What the viewer's role lets them do with a sequence (decided on the server from the procedures' declarations). */
export interface SequenceRights {
  edit: boolean;
  remove: boolean;
  launch: boolean;
  pause: boolean;
  resume: boolean;
}

/** The actions the sequence's state and the viewer's role allow, each behind a confirmation. */
export function SequenceActions({ sequenceId, status, can }: { sequenceId: string; status: string; can: SequenceRights }) {
  const { t } = useI18n();
  const s = t.sequences;
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Action | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sequences.pathKey() });
  const onError = (error: unknown) => toast.error(errorMessageOf(error, t.common.somethingWrong));
  const done = (message: string) => async () => {
    setAsking(null);
    await refresh();
    toast.success(message);
  };
  const launch = useMutation(trpc.sequences.launch.mutationOptions({ onSuccess: async (r) => done(s.launched(r.enqueued))(), onError }));
  const pause = useMutation(trpc.sequences.pause.mutationOptions({ onSuccess: done(s.paused), onError }));
  const resume = useMutation(trpc.sequences.resume.mutationOptions({ onSuccess: done(s.resumed), onError }));
  const remove = useMutation(
    trpc.sequences.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(s.deleted);
        router.push("/sequences");
      },
      onError,
    }),
  );
  const dialogs: Record<Action, { title: string; body: string; label: string; run: () => void; busy: boolean }> = {
    launch: { title: s.confirmLaunchTitle, body: s.confirmLaunchBody, label: s.launch, run: () => launch.mutate({ sequenceId }), busy: launch.isPending },
    pause: { title: s.confirmPauseTitle, body: s.confirmPauseBody, label: s.pause, run: () => pause.mutate({ sequenceId }), busy: pause.isPending },
    resume: { title: s.confirmResumeTitle, body: s.confirmResumeBody, label: s.resume, run: () => resume.mutate({ sequenceId }), busy: resume.isPending },
    delete: { title: s.confirmDeleteTitle, body: s.confirmDeleteBody, label: t.common.delete, run: () => remove.mutate({ sequenceId }), busy: remove.isPending },
  };
  const dialog = asking ? dialogs[asking] : null;

  return (
    <div className="flex flex-wrap gap-2">
      {status === "draft" && (
        <>
          {can.edit && <Link href={`/sequences/${sequenceId}/edit`} className={buttonClasses("secondary")}>{t.common.edit}</Link>}
          {can.remove && <Button variant="secondary" onClick={() => setAsking("delete")}>{t.common.delete}</Button>}
          {can.launch && <Button onClick={() => setAsking("launch")}>{s.launch}</Button>}
        </>
      )}
      {status === "running" && can.pause && <Button variant="secondary" onClick={() => setAsking("pause")}>{s.pause}</Button>}
      {status === "paused" && can.resume && <Button onClick={() => setAsking("resume")}>{s.resume}</Button>}
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ""}
        body={dialog?.body ?? ""}
        confirmLabel={dialog?.label ?? ""}
        cancelLabel={t.common.cancel}
        busy={dialog?.busy ?? false}
        onConfirm={() => dialog?.run()}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
