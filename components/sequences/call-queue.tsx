"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { PhoneIcon } from "../shell/icons";
import { Button, buttonClasses } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { Field, Input } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";

const OUTCOMES = ["connected", "no_answer", "wrong_number", "do_not_call"] as const;

/** The member's calls to make: the next one with click-to-call and outcome buttons, then what comes up after it. */
export function CallQueue() {
  const { t, dates } = useI18n();
  const c = t.sequences.calls;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const queue = useQuery({ ...trpc.sequences.callQueue.queryOptions(), refetchInterval: 10_000 });
  const log = useMutation(
    trpc.sequences.logCallOutcome.mutationOptions({
      onSuccess: async () => {
        setNote("");
        await queryClient.invalidateQueries({ queryKey: trpc.sequences.callQueue.queryKey() });
        toast.success(c.logged);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  if (queue.isPending) return <LoadingBlock label={t.common.loading} />;
  if (queue.isError) return <p className="text-sm text-danger">{errorMessageOf(queue.error, t.common.somethingWrong)}</p>;
  const [next, ...later] = queue.data.data;
  if (!next) return <Card><EmptyState title={c.empty} /></Card>;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader title={c.next} description={next.sequenceName} />
        <div className="flex flex-col gap-4 p-5">
          <div className="min-w-0">
            <Link href={`/leads/${next.leadId}`} className="text-lg font-semibold hover:text-accent" data-testid="next-call-lead">{next.leadName}</Link>
            {next.company && <p className="text-sm text-ink-muted">{next.company}</p>}
          </div>
          {next.phone && (
            <a href={`tel:${next.phone.replace(/[^\d+]/g, "")}`} className={buttonClasses("primary", "md", "self-start")} aria-label={`${c.call} ${next.leadName}`}>
              <PhoneIcon /> {c.call} {next.phone}
            </a>
          )}
          <Field label={c.note} optional={t.common.optional}>
            {(props) => <Input {...props} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            {OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                variant={outcome === "connected" ? "primary" : "secondary"}
                loading={log.isPending && log.variables?.outcome === outcome}
                disabled={log.isPending}
                onClick={() => log.mutate({ contactId: next.contactId, outcome, ...(note.trim() ? { note } : {}) })}
              >
                {c.outcomes[outcome]}
              </Button>
            ))}
          </div>
        </div>
      </Card>
      {later.length > 0 && (
        <Card>
          <CardHeader title={c.upNext} />
          <ul className="divide-y divide-line">
            {later.map((task) => (
              <li key={task.contactId} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
                <span className="min-w-0 font-medium">{task.leadName}</span>
                <span className="text-ink-muted">{task.sequenceName} · {formatDateTime(task.dispatchedAt, dates)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
