// The Fastify instance with the sandbox's edge rules: the raw body is kept as a Buffer for
// signature checks (we JSON.parse it ourselves), 1 MiB limit, every error in the documented
// JSON shape, unknown routes 404, and nothing a client sends can produce a 5xx.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { SandboxError, validationFailed } from '../errors'
import { sendError } from './route'

export const MAX_BODY_BYTES = 1024 * 1024

const tooLarge = () => new SandboxError(413, 'payload_too_large', ERROR_MESSAGES.payloadTooLarge)

const badRequest = (message: string) =>
  validationFailed([{ field: 'request', message }], 'Malformed request')

export function buildServer(options: { logger: boolean }): FastifyInstance {
  const app = Fastify({
    logger: options.logger,
    bodyLimit: MAX_BODY_BYTES,
    // close() must not wait on keep-alive clients (tests, benches, the Electron shell).
    forceCloseConnections: true,
    // zod validates and encodes at the edge; Fastify's own schema compilers (ajv and
    // fast-json-stringify) would only cost start-up time, so they are never loaded.
    schemaController: {
      compilersFactory: {
        buildValidator: () => () => {
          throw new Error('Sandbox routes validate with zod, not Fastify schemas.')
        },
        buildSerializer: () => () => {
          throw new Error('Sandbox routes encode with zod, not Fastify schemas.')
        },
      },
    },
    frameworkErrors: (error, _req, reply) => {
      // e.g. FST_ERR_BAD_URL for "/payments/verify/%ZZ": the client's mistake, a 400.
      sendError(reply, badRequest(error.message))
    },
    // Requests Node cannot even parse never reach a route; answer them in our shape too.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return
      const status = (error as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
      const body = JSON.stringify(
        status === 431
          ? { status: false, message: 'Request headers are too large', code: 'payload_too_large' }
          : badRequest('The request could not be parsed').body(),
      )
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
          `Date: ${new Date().toUTCString()}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    },
  })

  // One parser for every content type: keep the exact bytes; routes decide how to read them.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  app.setErrorHandler((error: FastifyError | SandboxError, req, reply) => {
    if (error instanceof SandboxError) return sendError(reply, error)
    const status = error.statusCode
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)
      return sendError(reply, tooLarge())
    if (typeof status === 'number' && status >= 400 && status < 500)
      return sendError(reply, badRequest(error.message))
    req.log.error(error)
    return sendError(reply, new SandboxError(500, 'internal_error', ERROR_MESSAGES.internal))
  })

  app.setNotFoundHandler((_req, reply) =>
    sendError(reply, new SandboxError(404, 'route_not_found', ERROR_MESSAGES.routeNotFound)),
  )
  return app
}
