import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/app-context';
import { isLovReply, lovEntries, type LovReply } from './lookups';

async function fetchLov(language: string, list: string, token: string | null): Promise<LovReply> {
  const res = await fetch(`/lov/${encodeURIComponent(language)}/${encodeURIComponent(list)}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  // Without the route, the page fallback answers HTML: that is a failure too.
  const body = (await res.json()) as unknown;
  if (!isLovReply(body)) throw new Error('not a list of values');
  return body;
}

/** A list of values, cached per locale; `failed` means the form falls back to free text. */
export function useLov(list: string | undefined, owner: string | null) {
  const { client } = useApp();
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  const q = useQuery({
    queryKey: ['lov', language, list],
    queryFn: () => fetchLov(language, list ?? '', client.tokenValue),
    enabled: !!list,
    staleTime: Infinity,
    retry: false,
  });
  return {
    entries: q.data ? lovEntries(q.data, owner, language) : null,
    failed: q.isError || !list,
    loading: q.isPending && !!list,
  };
}
