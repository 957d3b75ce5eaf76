// react-query hooks over the API client. Query keys are the API paths, so two plugins asking
// for the same data share one request and one cache entry.
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { api, type ApiError } from './client.ts';

export function useApiQuery<T>(path: string | null, options: Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'> = {}) {
  return useQuery<T, ApiError>({
    queryKey: ['api', path],
    queryFn: ({ signal }) => api.get<T>(path!, signal),
    enabled: path !== null && (options.enabled ?? true),
    retry: (count, error) => error.status >= 500 && count < 2,
    ...options,
  });
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function useApiMutation<TBody = unknown, TResult = unknown>(
  method: Method,
  path: string | ((body: TBody) => string),
  opts: { invalidate?: string[]; onSuccess?: (result: TResult, body: TBody) => void } = {},
) {
  const client = useQueryClient();
  return useMutation<TResult, ApiError, TBody>({
    mutationFn: (body) => {
      const p = typeof path === 'function' ? path(body) : path;
      if (method === 'DELETE') return api.delete<TResult>(p);
      return method === 'POST' ? api.post<TResult>(p, body) : method === 'PUT' ? api.put<TResult>(p, body) : api.patch<TResult>(p, body);
    },
    onSuccess: async (result, body) => {
      // An invalidation path covers every query under it (`projects` → `projects?page=2`).
      for (const prefix of opts.invalidate ?? []) {
        await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1] ?? '').startsWith(prefix) });
      }
      opts.onSuccess?.(result, body);
    },
  });
}
