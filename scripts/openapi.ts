// Generates docs/openapi.json from the one set of zod schemas in common/api.
// `npm run openapi` writes it; `--check` fails when the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as z from 'zod'
import { endpoints, sandboxEndpoints, type EndpointDef } from '../common/api/endpoints'
import { ErrorBody } from '../common/api/errors'
import { WebhookEvent } from '../common/api/events'

const schema = (s: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' })

function operation(name: string, e: EndpointDef) {
  const parameters: unknown[] = []
  for (const [where, obj] of [
    ['path', e.params],
    ['query', e.query],
  ] as const) {
    if (!obj) continue
    const json = schema(obj, 'input') as {
      properties?: Record<string, unknown>
      required?: string[]
    }
    for (const [key, value] of Object.entries(json.properties ?? {}))
      parameters.push({
        name: key,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(key),
        schema: value,
      })
  }
  const errorResponse = {
    description: 'Error',
    content: { 'application/json': { schema: schema(ErrorBody, 'output') } },
  }
  return {
    operationId: name,
    summary: e.summary,
    'x-capability': e.capability,
    'x-retry': e.retry,
    ...(e.capability ? { security: [{ signature: [] }] } : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(e.body
      ? {
          requestBody: {
            required: true,
            // Wire form: the input side of the amount codecs (decimals, not minor units).
            content: { 'application/json': { schema: schema(e.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'OK',
        content: { 'application/json': { schema: schema(e.response, 'input') } },
      },
      default: errorResponse,
    },
  }
}

export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [name, e] of Object.entries({ ...endpoints, ...sandboxEndpoints }) as [
    string,
    EndpointDef,
  ][]) {
    const path = e.path.replace(/:([a-z_]+)/g, '{$1}')
    paths[path] ??= {}
    paths[path][e.method.toLowerCase()] = operation(name, e)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payment gateway (as Tilldesk implements it)',
      version: '1',
      description:
        'Generated from common/api. Gaps the spec leaves "not shown" follow docs/gateway-assumptions.md.',
    },
    components: {
      securitySchemes: {
        signature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description:
            'Lowercase hex HMAC-SHA256 of "<X-Timestamp>:<raw body>" keyed with the API secret; with X-Key-Id and X-Timestamp.',
        },
      },
      schemas: {
        WebhookEvent: schema(WebhookEvent, 'input'),
        ErrorBody: schema(ErrorBody, 'output'),
      },
    },
    paths,
  }
}

const target = fileURLToPath(new URL('../docs/openapi.json', import.meta.url))
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = `${JSON.stringify(buildOpenApi(), null, 2)}\n`
  if (process.argv.includes('--check')) {
    const current = readFileSync(target, 'utf8')
    if (current !== text) {
      console.error('docs/openapi.json is stale: run `npm run openapi`.')
      process.exit(1)
    }
  } else writeFileSync(target, text)
}
