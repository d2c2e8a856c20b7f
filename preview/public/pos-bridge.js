/* global window, location */
// Browser preview only: puts the same `window.pos` that Electron's preload exposes on the page,
// carried over a loopback WebSocket to the main-process services running in Node. The preview
// token travels in an HttpOnly cookie, so this script never sees it. Served as a file so the
// strict CSP (no inline scripts) holds in the preview too.
;(function installPosBridge() {
  'use strict'
  var pending = new Map()
  var listeners = new Map()
  var queue = []
  var socket = null
  var nextId = 1
  var retryMs = 250

  function closedEnvelope() {
    return {
      ok: false,
      error: { code: 'bridge_closed', message: 'Lost the connection to Tilldesk. Reconnecting…' },
    }
  }

  function connect() {
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://'
    socket = new WebSocket(scheme + location.host + '/__pos/ws')
    socket.onopen = function () {
      retryMs = 250
      var waiting = queue
      queue = []
      waiting.forEach(function (text) {
        socket.send(text)
      })
    }
    socket.onmessage = function (message) {
      var data
      try {
        data = JSON.parse(message.data)
      } catch {
        return
      }
      if (data.type === 'result' && pending.has(data.id)) {
        var resolve = pending.get(data.id)
        pending.delete(data.id)
        resolve(data.envelope)
      } else if (data.type === 'event' && listeners.has(data.name)) {
        listeners.get(data.name).forEach(function (listener) {
          try {
            listener(data.payload)
          } catch {
            // A failing listener must not break the others.
          }
        })
      }
    }
    socket.onclose = function () {
      pending.forEach(function (resolve) {
        resolve(closedEnvelope())
      })
      pending.clear()
      setTimeout(connect, retryMs)
      retryMs = Math.min(retryMs * 2, 5000)
    }
  }

  function invoke(channel, input) {
    return new Promise(function (resolve) {
      var id = nextId++
      pending.set(id, resolve)
      var text = JSON.stringify({ type: 'invoke', id: id, channel: String(channel), input: input })
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(text)
      else queue.push(text)
    })
  }

  function on(name, listener) {
    if (typeof listener !== 'function') throw new TypeError('listener must be a function')
    var key = String(name)
    if (!listeners.has(key)) listeners.set(key, new Set())
    listeners.get(key).add(listener)
    return function unsubscribe() {
      var set = listeners.get(key)
      if (set) set.delete(listener)
    }
  }

  Object.defineProperty(window, 'pos', {
    value: Object.freeze({ invoke: invoke, on: on }),
    writable: false,
    configurable: false,
  })
  connect()
})()
