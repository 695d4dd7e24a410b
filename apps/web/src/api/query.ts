import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache. No retries: the request function has already told the user what went wrong, and a retry
 * would say it again. Data counts as fresh for 10 s so that tabs switching back and forth do not refetch at once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
