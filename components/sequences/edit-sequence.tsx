"use client";

import { useQuery } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { LoadingBlock } from "../ui/spinner";
import { SequenceForm } from "./sequence-form";

export function EditSequence({ sequenceId }: { sequenceId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const sequence = useQuery(trpc.sequences.get.queryOptions({ sequenceId }));
  if (sequence.isPending) return <LoadingBlock label={t.common.loading} />;
  if (sequence.isError) return <p className="text-sm text-danger">{errorMessageOf(sequence.error, t.common.somethingWrong)}</p>;
  return <SequenceForm sequence={sequence.data} />;
}
