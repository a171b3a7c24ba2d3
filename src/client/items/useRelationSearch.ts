import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApp } from '../state/app-context';
import { readSearchReply, RELATION_MIN_CHARS, searchBody } from './lookups';

const DEBOUNCE_MS = 300;

/** Suggestions for a relation field; any failure (search/ids is new) gives no options. */
export function useRelationSearch(types: readonly string[] | undefined, input: string) {
  const { client } = useApp();
  const typed = input.trim();
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const enabled = text.length >= RELATION_MIN_CHARS;
  const q = useQuery({
    queryKey: ['relationSearch', types ?? ['*'], text],
    queryFn: async () => readSearchReply(await client.request('search/ids', searchBody(types, text))),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
  const long = typed.length >= RELATION_MIN_CHARS;
  return {
    ids: long && enabled && q.data ? q.data.ids : [],
    labels: q.data?.labels ?? {},
    loading: long && (typed !== text || q.isFetching),
    failed: long && enabled && q.isError,
    tooShort: !long,
  };
}
