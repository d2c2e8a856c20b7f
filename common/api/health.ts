import * as z from 'zod'
import { IsoDateTime } from './primitives'

export const HealthResponse = z.object({
  status: z.literal('ok'),
  time: IsoDateTime,
  environment: z.enum(['sandbox', 'live']).optional(),
})
export type HealthResponse = z.output<typeof HealthResponse>
