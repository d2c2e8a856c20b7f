// One day of a shop-wide view (the Z-report, the audit log): the day field, main's answer for
// that day, and saving it as CSV. '' is today as main reads it (in the shifts' time zone), so
// the field then shows the day main chose. Each answer is kept with its day, so a slow answer
// for a day no longer asked for never shows.
import { useEffect, useState } from 'react'
import { call, messageOf } from '../../lib/pos'
import { saveCsv } from './words'

const DAY = /^\d{4}-\d{2}-\d{2}$/

export type Load<T> = (input: { day: string } | undefined) => Promise<T>
export type Csv = (input: { day: string } | undefined) => Promise<{ fileName: string; csv: string }>

export function useShopDay<T extends { day: string }>(load: Load<T>, csv: Csv) {
  const [day, setDay] = useState('')
  const [loaded, setLoaded] = useState<{ day: string; value: T } | null>(null)
  const [failed, setFailed] = useState<{ day: string; message: string } | null>(null)
  const [saveProblem, setSaveProblem] = useState<string | null>(null)
  const value = loaded?.day === day ? loaded.value : null
  const problem = saveProblem ?? (failed?.day === day ? failed.message : null)

  useEffect(() => {
    if (day !== '' && !DAY.test(day)) return
    let live = true
    load(day ? { day } : undefined).then(
      (next) => live && setLoaded({ day, value: next }),
      (error: unknown) => live && setFailed({ day, message: messageOf(error) }),
    )
    return () => {
      live = false
    }
    // `load` is one of the module-level loaders below, the same on every render.
  }, [day, load])

  const exportCsv = async () => {
    try {
      saveCsv(await csv(day ? { day } : undefined))
      setSaveProblem(null)
    } catch (error) {
      setSaveProblem(messageOf(error))
    }
  }

  return { day, setDay, value, problem, exportCsv, shownDay: day || (value?.day ?? '') }
}

/** The two views' loaders, named once (stable across renders). */
export const zReportDay = {
  load: (input: { day: string } | undefined) => call('shop.zReport', input),
  csv: (input: { day: string } | undefined) => call('shop.zReportCsv', input),
}
export const auditDay = {
  load: (input: { day: string } | undefined) => call('shop.audit', input),
  csv: (input: { day: string } | undefined) => call('shop.auditCsv', input),
}
