import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/** The console's one query cache; the route guard reads and fills it outside React. */
export const queryClient = createQueryClient();
