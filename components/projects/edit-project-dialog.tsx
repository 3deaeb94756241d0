"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { FormDialog } from "../ui/form-dialog";
import { useToast } from "../ui/toast";
import { ProjectFormFields } from "./project-form-fields";
import { formFromProject, projectBodyFrom, type ProjectFormValues } from "./project-form-values";
import type { Project } from "./project-presentation";

export function EditProjectDialog({ project, open, onClose }: { project: Project; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProjectFormValues>(() => formFromProject(project));
  const update = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.projects.pathKey() });
        toast.success(t.projects.updated);
        onClose();
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(update.error);
  const generalError = update.error && !hasErrors ? errorMessageOf(update.error, t.common.somethingWrong) : null;

  function submit() {
    const before = projectBodyFrom(formFromProject(project));
    const after = projectBodyFrom(values);
    const changed = Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value));
    if (Object.keys(changed).length === 0) return onClose();
    update.mutate({ projectId: project.id, ...changed });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t.projects.editProject}
      size="lg"
      formId="edit-project-form"
      submitLabel={t.common.save}
      pending={update.isPending}
      error={generalError}
      onSubmit={submit}
    >
      <ProjectFormFields values={values} onChange={track(setValues, values)} errors={errors} />
    </FormDialog>
  );
}
