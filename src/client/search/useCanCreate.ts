import { useQuery } from '@tanstack/react-query';
import { useApp, useSession } from '../state/app-context';

/** May the user create items of this type (act/isAllowed about the type, `_i` 0)? */
export function useCanCreate(type: string | null): boolean {
  const { client } = useApp();
  const { user } = useSession();
  const q = useQuery({
    queryKey: ['canCreate', user?.$id, type],
    queryFn: () =>
      client.act('isAllowed', {
        // Runs only with a type (enabled below).
        _t: type ?? '',
        _i: 0,
        actions: ['create'],
      }),
    enabled: !!type && !!user,
    retry: false,
    staleTime: 60_000,
  });
  return q.data?.allowed?.create === true;
}
