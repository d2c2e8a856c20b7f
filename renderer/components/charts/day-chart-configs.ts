// What chart.js is told to draw for one currency's day (DayChartsView draws it): takings by
// hour, by way of paying, and payouts against takings. Kept apart from the drawing so the
// pictures' axes can be checked with chart.js itself in Node. Amounts are integer minor units,
// so the money axis ticks whole units only: a tick between two kobo read as the same amount
// twice ("0,01 / 0,01 NGN"). A chart with no money in it is not drawn at all (null): an empty
// axis from 0 to 1 kobo says nothing, so the screen says in words that nothing came in.
import type { ChartConfiguration } from 'chart.js'
import { add, sum, type Minor } from '../../../common/money'

/** One currency's day, hour by hour from its first hour with money to its last. */
export interface CurrencyDay {
  currency: string
  hours: number[]
  transfer: Minor[]
  checkout: Minor[]
  payouts: Minor[]
}

/** The charts' words in the till's language, and money and hours as the screen writes them. */
export interface ChartWords {
  transfer: string
  checkout: string
  payouts: string
  takings: string
  money: (value: number) => string
  hour: (hour: number) => string
}

/** The theme's colours (CSS variables) and the body's font. */
export interface ChartLook {
  colour: {
    transfer: string
    checkout: string
    payouts: string
    text: string
    grid: string
    surface: string
  }
  font: { family: string }
}

/** Each chart, or null when it would have nothing to draw (no takings, no money at all). */
export interface DayChartConfigs {
  byHour: ChartConfiguration | null
  byWay: ChartConfiguration | null
  payoutsVsTakings: ChartConfiguration | null
}

/** Received per hour: transfers and checkout payments added (never two currencies). */
export const takingsOf = (day: CurrencyDay): Minor[] =>
  day.hours.map((_, i) => add(day.transfer[i]!, day.checkout[i]!))

export function dayChartConfigs(
  day: CurrencyDay,
  words: ChartWords,
  look: ChartLook,
): DayChartConfigs {
  const { colour, font } = look
  const money = words.money
  const common = {
    animation: false as const,
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { labels: { color: colour.text, font } },
      tooltip: {
        callbacks: {
          label: (item: { dataset: { label?: string }; raw: unknown }) =>
            `${item.dataset.label ?? ''}: ${money(Number(item.raw))}`,
        },
      },
    },
  }
  const axes = (stacked: boolean) => ({
    x: { stacked, ticks: { color: colour.text, font }, grid: { color: colour.grid } },
    y: {
      stacked,
      beginAtZero: true,
      ticks: {
        color: colour.text,
        font,
        precision: 0,
        callback: (value: string | number) => money(Number(value)),
      },
      grid: { color: colour.grid },
    },
  })
  const labels = day.hours.map(words.hour)
  // A way of paying nobody used today is left out of the pictures (the shop's day carries
  // transfers only); the table still lists it, at zero.
  const ways = [
    { label: words.transfer, data: day.transfer, colour: colour.transfer },
    { label: words.checkout, data: day.checkout, colour: colour.checkout },
  ].filter((way) => sum(way.data) > 0)
  const byHour: ChartConfiguration = {
    type: 'bar',
    data: {
      labels,
      datasets: ways.map((way) => ({
        label: way.label,
        data: way.data,
        backgroundColor: way.colour,
      })),
    },
    options: { ...common, scales: axes(true) },
  }
  const byWay: ChartConfiguration = {
    type: 'doughnut',
    data: {
      labels: ways.map((way) => way.label),
      datasets: [
        {
          label: words.takings,
          data: ways.map((way) => sum(way.data)),
          backgroundColor: ways.map((way) => way.colour),
          borderColor: colour.surface,
        },
      ],
    },
    options: {
      ...common,
      plugins: {
        ...common.plugins,
        tooltip: {
          callbacks: {
            label: (item: { label?: string; raw: unknown }) =>
              `${item.label ?? ''}: ${money(Number(item.raw))}`,
          },
        },
      },
    },
  }
  const payoutsVsTakings: ChartConfiguration = {
    type: 'bar',
    data: {
      labels,
      datasets: [
        { label: words.takings, data: takingsOf(day), backgroundColor: colour.transfer },
        { label: words.payouts, data: day.payouts, backgroundColor: colour.payouts },
      ],
    },
    options: { ...common, scales: axes(false) },
  }
  const received = ways.length > 0
  return {
    byHour: received ? byHour : null,
    byWay: received ? byWay : null,
    payoutsVsTakings: received || sum(day.payouts) > 0 ? payoutsVsTakings : null,
  }
}
