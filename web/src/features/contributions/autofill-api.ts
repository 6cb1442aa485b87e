import { useMutation } from '@tanstack/react-query';
import type { AutofillRelease, AutofillSource } from '@earmark/common';
import { api } from '../../lib/api';

/** `GET autofill/{source}/{id}`: a release read from MusicBrainz or Spotify; nothing is stored. */
export const fetchAutofill = (source: AutofillSource, id: string) =>
  api.get<AutofillRelease>(`/autofill/${source}/${encodeURIComponent(id)}`);

export function useAutofill() {
  return useMutation({
    mutationFn: ({ source, id }: { source: AutofillSource; id: string }) =>
      fetchAutofill(source, id),
  });
}
