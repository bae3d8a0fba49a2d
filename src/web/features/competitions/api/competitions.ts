import { queryOptions } from '@tanstack/react-query'
import type { CompetitionsResponse } from '#shared/competition.ts'
import { apiFetch } from '#web/lib/api-client.ts'

const competitionKeys = { all: ['competitions'] as const }

/** The running competition with its live ranking, the next ones and past results (public). */
export const competitionsQuery = () =>
  queryOptions({
    queryKey: competitionKeys.all,
    queryFn: () => apiFetch<CompetitionsResponse>('/api/competitions'),
    // The ranking moves as reviews finish: the open page follows it.
    refetchInterval: 60_000,
  })
