// The one place the shell reaches into the gateway client (main/gateway, another issue). Keep
// every import of it here so a change of its surface is reconciled in a single file.
export { createGatewayClient, type GatewayClient } from '../gateway'
export { GatewayError } from '../gateway/errors'
