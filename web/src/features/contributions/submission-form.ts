import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type {
  DefaultValues,
  FieldError,
  FieldValues,
  Path,
  Resolver,
  UseFormSetError,
} from 'react-hook-form';
import type { SubmissionCreated, SubmissionKind } from '@earmark/common';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { showSnackbar } from '../../lib/snackbar';
import { isApplied, submittedEntityId, useSubmit } from './submit-api';
import type { SubmissionPayloads } from './submit-api';

/** Records a problem the form finds itself (an unreadable duration) under a field. */
export type ReportProblem = (field: string, message: string) => void;

/**
 * A resolver that turns a form's values into the call's payload and checks
 * it with the shared schema, so the form says what the server would say.
 * `fieldOf` names the field an issue's payload path belongs to (the payload's
 * `artistsIds` is the form's `artists`); `toPayload` may report its own
 * problems. On success the form's submit handler gets the payload.
 */
export function payloadResolver<V extends FieldValues, P>(
  schema: z.ZodType<P>,
  toPayload: (values: V, report: ReportProblem) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.'),
): Resolver<V, unknown, P> {
  return (values, _context, options) => {
    const errors: Record<string, FieldError> = {};
    const report: ReportProblem = (field, message) => {
      errors[field] ??= { type: 'validate', message };
    };
    const result = schema.safeParse(toPayload(values, report));
    if (!result.success) {
      for (const issue of result.error.issues) report(fieldOf(issue.path), issue.message);
    }
    if (result.success && Object.keys(errors).length === 0) {
      return { values: result.data, errors: {} };
    }
    return { values: {}, errors: toNestErrors<V>(errors, options) };
  };
}

/** An optional text as the payload carries it: blank is null. */
export const orNull = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? null : value;

/**
 * Shows a refused submission: a 400 whose message starts with a payload
 * field's name ('title must be…', '"date" must be…') under that field of the
 * form (`fields` maps payload names to form fields), anything else in the
 * error snackbar.
 */
export function showSubmitError<V extends FieldValues>(
  error: unknown,
  fields: Record<string, Path<V>>,
  setError: UseFormSetError<V>,
) {
  const message = errorMessage(error);
  const named = Object.entries(fields).find(
    ([name]) => message.startsWith(`${name} `) || message.startsWith(`"${name}" `),
  );
  if (isApiError(error, 400) && named) {
    setError(named[1], { type: 'server', message }, { shouldFocus: true });
    return;
  }
  showSnackbar(message, 'error');
}

/**
 * What happens after a submission is accepted: an applied change opens the
 * entity's page, one left open for votes opens the submission's page, and
 * the snackbar says which.
 */
export function useSubmissionDone() {
  const navigate = useNavigate();
  return (reply: SubmissionCreated) => {
    if (isApplied(reply)) {
      const id = submittedEntityId(reply);
      const entityPaths = {
        release: paths.release,
        artist: paths.artist,
        label: paths.label,
        genre: paths.genre,
      };
      showSnackbar('Your changes were applied.', 'success');
      void navigate(entityPaths[reply.kind].href(id));
      return;
    }
    showSnackbar('Your changes were submitted and are open for votes.', 'success');
    void navigate(paths.submission.href(reply.kind, reply.id));
  };
}

export interface SubmissionFormOptions<K extends SubmissionKind, V extends FieldValues> {
  kind: K;
  /** The entity edited; absent for a new one. */
  entityId?: string | undefined;
  schema: z.ZodType<SubmissionPayloads[K]>;
  toPayload: (values: V) => unknown;
  defaultValues: DefaultValues<V>;
  /** The form field of each payload field the server may name in a 400. */
  fields: Record<string, Path<V>>;
}

/** A submission form of an artist, label or genre: its fields, checks, call and what follows. */
export function useSubmissionForm<K extends SubmissionKind, V extends FieldValues>({
  kind,
  entityId,
  schema,
  toPayload,
  defaultValues,
  fields,
}: SubmissionFormOptions<K, V>) {
  const [resolver] = useState(() =>
    payloadResolver<V, SubmissionPayloads[K]>(
      schema,
      toPayload,
      (path) => fields[String(path[0])] ?? path.map(String).join('.'),
    ),
  );
  const form = useForm<V, unknown, SubmissionPayloads[K]>({ resolver, defaultValues });
  const submit = useSubmit(kind);
  const done = useSubmissionDone();
  const onSubmit = form.handleSubmit((payload) =>
    submit.mutate(
      { entityId, payload },
      { onSuccess: done, onError: (error) => showSubmitError(error, fields, form.setError) },
    ),
  );
  return { form, onSubmit, pending: submit.isPending };
}
