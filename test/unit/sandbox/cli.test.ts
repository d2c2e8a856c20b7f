// CLI flags and the keys file: parsed into options, with errors that say what to fix.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseCli, UsageError } from '../../../sandbox/cliArgs'
import { KeysFileError, parseKeysFile } from '../../../sandbox/keys'

const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('parseCli', () => {
  it('defaults to port 4010 on loopback with no faults', () => {
    expect(parseCli([])).toEqual({
      help: false,
      options: { port: 4010, host: '127.0.0.1', faults: [], logger: false },
    })
  })

  it('reads every flag', () => {
    const keys = join(dir, 'keys.json')
    writeFileSync(
      keys,
      JSON.stringify({ keys: [{ key_id: 'k', secret: 's', capabilities: ['banks'] }] }),
    )
    const parsed = parseCli([
      '--port',
      '0',
      '--keys',
      keys,
      '--data',
      'state.json',
      '--webhook-url',
      'http://127.0.0.1:9/h',
      '--webhook-secret',
      'w',
      '--settle-ms',
      '50',
      '--webhook-delay-ms',
      '5',
      '--fault',
      '500:0.1:before',
      '--fault',
      'reset:0.2:after:/disbursements',
      '--fault-hold-ms',
      '1000',
      '--seed',
      '9',
      '--log',
    ])
    expect(parsed).toEqual({
      help: false,
      options: {
        port: 0,
        host: '127.0.0.1',
        keys: [{ key_id: 'k', secret: 's', capabilities: ['banks'], revoked: false }],
        dataFile: 'state.json',
        webhookUrl: 'http://127.0.0.1:9/h',
        webhookSecret: 'w',
        settleDelayMs: 50,
        webhookBaseDelayMs: 5,
        faults: [
          { kind: '500', rate: 0.1, when: 'before', retry_after_seconds: 1 },
          {
            kind: 'reset',
            rate: 0.2,
            when: 'after',
            path_prefix: '/disbursements',
            retry_after_seconds: 1,
          },
        ],
        faultHoldMs: 1000,
        seed: 9,
        logger: true,
      },
    })
  })

  it.each([
    [['--port', 'abc'], /--port must be a whole number/],
    [['--port', '70000'], /at most 65535/],
    [['--settle-ms', '-1'], /--settle-ms/],
    [['--webhook-url', 'ftp://x'], /http\(s\) URL/],
    [['--fault', 'boom:1'], /kind must be one of/],
    [['--nope'], /Unknown option/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError)
    expect(() => parseCli(argv)).toThrow(message)
  })

  it('reports a missing keys file clearly', () => {
    expect(() => parseCli(['--keys', join(dir, 'missing.json')])).toThrow(/Cannot read keys file/)
  })
})

describe('keys file', () => {
  it('validates with clear messages', () => {
    expect(() => parseKeysFile('{', 'k.json')).toThrow(/k\.json is not valid JSON/)
    expect(() => parseKeysFile('{"keys":[]}', 'k.json')).toThrow(/at least one key/)
    expect(() => parseKeysFile('{"keys":[{"key_id":"a","secret":""}]}', 'k.json')).toThrow(
      /keys\.0\.secret/,
    )
    expect(() =>
      parseKeysFile('{"keys":[{"key_id":"a","secret":"s","capabilities":["admin"]}]}', 'k.json'),
    ).toThrow(/Unknown capability/)
    expect(() =>
      parseKeysFile('{"keys":[{"key_id":"a","secret":"s"},{"key_id":"a","secret":"t"}]}', 'k.json'),
    ).toThrow(KeysFileError)
  })

  it('defaults capabilities to all and revoked to false', () => {
    expect(parseKeysFile('{"keys":[{"key_id":"a","secret":"s"}]}', 'k.json')).toEqual([
      { key_id: 'a', secret: 's', capabilities: ['*'], revoked: false },
    ])
  })
})
