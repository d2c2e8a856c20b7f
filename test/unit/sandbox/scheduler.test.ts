// The scheduler: due order, chains that keep their spacing, clock advance, real timers, stop.
import { afterEach, describe, expect, it } from 'vitest'
import { SandboxClock } from '../../../sandbox/clock'
import { Scheduler } from '../../../sandbox/scheduler'

let scheduler: Scheduler | null = null
afterEach(() => scheduler?.stop())

describe('Scheduler', () => {
  it('runs due tasks in time order (ties in scheduling order) when the clock advances', () => {
    let wall = 1_000_000
    const clock = new SandboxClock(() => wall)
    scheduler = new Scheduler(clock)
    const ran: string[] = []
    scheduler.on('t', (key) => ran.push(key))
    scheduler.schedule(300, 't', 'c')
    scheduler.schedule(100, 't', 'a')
    scheduler.schedule(100, 't', 'b')
    clock.advance(0.1)
    expect(ran).toEqual(['a', 'b'])
    wall += 200
    scheduler.runDue()
    expect(ran).toEqual(['a', 'b', 'c'])
    expect(scheduler.pending).toBe(0)
  })

  it('chained steps are spaced from their due time, not from when they ran', () => {
    const clock = new SandboxClock(() => 0)
    scheduler = new Scheduler(clock)
    const steps: number[] = []
    scheduler.on('step', (_key, at) => {
      steps.push(at)
      if (steps.length < 3) scheduler?.scheduleAt(at + 10, 'step', 'x')
    })
    scheduler.schedule(10, 'step', 'x')
    clock.advance(60)
    expect(steps).toEqual([10, 20, 30])
  })

  it('fires on real time too, and not after stop()', async () => {
    const clock = new SandboxClock()
    scheduler = new Scheduler(clock)
    const ran: string[] = []
    scheduler.on('t', (key) => ran.push(key))
    scheduler.schedule(20, 't', 'soon')
    scheduler.schedule(60, 't', 'later')
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(ran).toEqual(['soon'])
    scheduler.stop()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(ran).toEqual(['soon'])
  })

  it('survives a failing handler and reports it', () => {
    const clock = new SandboxClock(() => 0)
    const errors: unknown[] = []
    scheduler = new Scheduler(clock, (e) => errors.push(e))
    const ran: string[] = []
    scheduler.on('t', (key) => {
      if (key === 'bad') throw new Error('boom')
      ran.push(key)
    })
    scheduler.schedule(0, 't', 'bad')
    scheduler.schedule(0, 't', 'good')
    clock.advance(0)
    expect(ran).toEqual(['good'])
    expect(errors).toHaveLength(1)
  })

  it('snapshots and restores pending tasks', () => {
    const clock = new SandboxClock(() => 0)
    scheduler = new Scheduler(clock)
    scheduler.schedule(50, 't', 'k')
    const saved = scheduler.snapshot()
    scheduler.stop()
    const again = new Scheduler(clock)
    scheduler = again
    const ran: string[] = []
    again.on('t', (key) => ran.push(key))
    again.restore(saved)
    clock.advance(0.05)
    expect(ran).toEqual(['k'])
  })
})
