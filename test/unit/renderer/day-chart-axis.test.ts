// The day's charts on a day with no takings (only a payout): the takings charts drew an empty
// axis whose ticks fell between two kobo and read "0,01 / 0,00 NGN" again and again. Each
// chart is drawn here by chart.js itself (a stand-in 2D context, no screen), from the config
// DayChartsView draws, and its money axis is read back as the person would: every tick a
// different amount, in English and French. A chart with nothing to draw is not drawn: its
// place says so in words.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  type ChartConfiguration,
} from 'chart.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { Minor } from '../../../common/money'
import {
  dayChartConfigs,
  type CurrencyDay,
} from '../../../renderer/components/charts/day-chart-configs'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { formatMoney } from '../../../renderer/lib/format'
import { englishIn } from '../../support/english-words'

Chart.register(BarController, BarElement, CategoryScale, LinearScale)

/** A canvas of the screen's size whose 2D context does nothing and measures every text alike. */
function standInCanvas() {
  const canvas: Record<string, unknown> = { width: 640, height: 220, style: {} }
  const context: object = new Proxy({} as Record<string | symbol, unknown>, {
    get: (held, name) =>
      name in held
        ? held[name]
        : name === 'canvas'
          ? canvas
          : name === 'measureText'
            ? () => ({ width: 40 })
            : () => undefined,
    set: (held, name, value) => {
      held[name] = value
      return true
    },
  })
  canvas.getContext = () => context
  return canvas as unknown as HTMLCanvasElement
}

/** The money axis's tick labels of a bar chart's config, as chart.js lays them out. */
function yLabels(config: ChartConfiguration): string[] {
  const chart = new Chart(standInCanvas(), {
    ...config,
    options: { ...config.options, responsive: false },
  })
  try {
    return chart.scales.y!.ticks.map((tick) => String(tick.label))
  } finally {
    chart.destroy()
  }
}

const minor = (values: number[]) => values as Minor[]
const day = (figures: Partial<CurrencyDay>): CurrencyDay => ({
  currency: 'NGN',
  hours: [9, 10],
  transfer: minor([0, 0]),
  checkout: minor([0, 0]),
  payouts: minor([0, 0]),
  ...figures,
})

function configsOf(d: CurrencyDay) {
  const colour = { transfer: '#00f', checkout: '#0f0', payouts: '#f00', text: '#000' }
  return dayChartConfigs(
    d,
    {
      transfer: i18n.t('charts.transfer'),
      checkout: i18n.t('charts.checkout'),
      payouts: i18n.t('charts.payouts'),
      takings: i18n.t('charts.takings'),
      money: (value) => formatMoney(Math.round(value) as Minor, d.currency),
      hour: (hour) => String(hour),
    },
    { colour: { ...colour, grid: '#ccc', surface: '#fff' }, font: { family: 'sans-serif' } },
  )
}

afterEach(() => applyLanguage('en'))

describe('the day charts’ money axis', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`a day of payouts only draws no empty takings chart, and says so (${language})`, () => {
      applyLanguage(language)
      const configs = configsOf(day({ payouts: minor([250_000, 0]) }))
      expect(configs.byHour).toBeNull()
      expect(configs.byWay).toBeNull()
      const words = i18n.t('charts.noTakings')
      expect(words).not.toBe('charts.noTakings')
      if (language === 'fr') expect(englishIn(words), words).toEqual([])
      const labels = yLabels(configs.payoutsVsTakings!)
      expect(new Set(labels).size, labels.join(' / ')).toBe(labels.length)
    })

    it(`never repeats an amount on the axis, however small the day (${language})`, () => {
      applyLanguage(language)
      for (const transfer of [
        [3, 1],
        [1, 0],
        [0, 0],
        [250_000, 120_050],
      ]) {
        const configs = configsOf(day({ transfer: minor(transfer), payouts: minor([1, 0]) }))
        for (const config of [configs.byHour, configs.payoutsVsTakings]) {
          if (!config) continue
          const labels = yLabels(config)
          expect(new Set(labels).size, labels.join(' / ')).toBe(labels.length)
        }
      }
    })
  }
})
