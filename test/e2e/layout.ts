// Layout checks for real till screens: text that another element covers, text cut off by its
// box (overflow hidden or an ellipsis), text past its button or cut in its field, a table
// column past its table, and a scroll area inside another scroll area. Run in the
// page; each problem comes back as one readable line naming the text involved, so a failure
// says what a cashier would not be able to read.
import type { Locator, Page } from '@playwright/test'

/** The till window sizes Tilldesk supports (issue: real till displays). */
export const TILL_SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const

/** Minimal DOM shapes for the callback (this tsconfig has no DOM types). */
interface Rect {
  left: number
  top: number
  right: number
  bottom: number
  width: number
  height: number
}
interface Style {
  overflowX: string
  overflowY: string
  textOverflow: string
  visibility: string
  display: string
  opacity: string
  position: string
  clip: string
  clipPath: string
  fontFamily: string
  paddingLeft: string
  paddingRight: string
  borderRightWidth: string
  fontStyle: string
  fontWeight: string
  fontSize: string
  minWidth: string
  letterSpacing: string
  appearance: string
}
interface Node {
  nodeType: number
  textContent: string | null
  parentElement: El | null
  childNodes: ArrayLike<Node>
}
interface El extends Node {
  tagName: string
  value?: string
  selectedIndex?: number
  options?: ArrayLike<El>
  className: unknown
  scrollWidth: number
  clientWidth: number
  scrollHeight: number
  clientHeight: number
  getBoundingClientRect(): Rect
  contains(other: Node | null): boolean
  closest(selector: string): El | null
  getAttribute(name: string): string | null
  querySelectorAll(selector: string): ArrayLike<El>
  readonly parentElement: El | null
}
interface Doc {
  body: El
  querySelector(selector: string): El | null
  querySelectorAll(selector: string): ArrayLike<El>
  elementFromPoint(x: number, y: number): El | null
  createRange(): {
    selectNodeContents(node: Node): void
    setStart(node: Node, offset: number): void
    setEnd(node: Node, offset: number): void
    getClientRects(): ArrayLike<Rect>
  }
  createElement(tag: string): {
    getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } | null
  }
}
interface Win {
  document: Doc
  innerWidth: number
  innerHeight: number
  getComputedStyle(el: El): Style
}

/**
 * Every layout problem on the page as it is now. `root` limits the check (e.g. to an open
 * dialog); by default an open modal dialog is checked instead of what it covers.
 */
export async function layoutProblems(page: Page, root?: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const w = globalThis as unknown as Win
    const doc = w.document
    const scope =
      (rootSelector ? doc.querySelector(rootSelector) : doc.querySelector('dialog[open]')) ??
      doc.body
    const problems: string[] = []
    const label = (el: El): string => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
      const cls = typeof el.className === 'string' && el.className ? `.${el.className}` : ''
      return `<${el.tagName.toLowerCase()}${cls.split(' ')[0]}> "${text}"`
    }
    const hidden = (el: El): boolean => {
      for (let node: El | null = el; node; node = node.parentElement) {
        const style = w.getComputedStyle(node)
        if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0')
          return true
        // Visually hidden on purpose (screen-reader text): clipped to nothing.
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)')
          return true
        if (node.getAttribute('aria-hidden') === 'true' && node.tagName !== 'svg') return true
        // Inside a closed <details> (beyond its summary): not drawn, though Chromium still
        // gives its text boxes where it would be.
        const parent = node.parentElement
        if (
          parent?.tagName === 'DETAILS' &&
          parent.getAttribute('open') === null &&
          node.tagName !== 'SUMMARY'
        )
          return true
      }
      return false
    }
    const all = Array.from(scope.querySelectorAll('*'))

    // 1. Cut off: a box whose text is wider (or taller) than the box and the overflow hidden.
    for (const el of all) {
      if (['svg', 'path', 'input', 'textarea', 'select', 'option', 'img'].includes(el.tagName))
        continue
      if (!(el.textContent ?? '').trim()) continue
      const style = w.getComputedStyle(el)
      const cutX =
        el.scrollWidth > el.clientWidth + 1 &&
        el.clientWidth > 2 &&
        (style.overflowX === 'hidden' ||
          style.overflowX === 'clip' ||
          style.textOverflow === 'ellipsis')
      const cutY =
        el.scrollHeight > el.clientHeight + 1 &&
        el.clientHeight > 2 &&
        (style.overflowY === 'hidden' || style.overflowY === 'clip')
      if ((cutX || cutY) && !hidden(el)) problems.push(`clipped: ${label(el)}`)
    }

    // 2. Covered: a visible piece of text with another element on top of some of it.
    const range = doc.createRange()
    for (const el of all) {
      const texts = Array.from(el.childNodes).filter(
        (node) => node.nodeType === 3 && (node.textContent ?? '').trim() !== '',
      )
      if (texts.length === 0 || hidden(el)) continue
      for (const text of texts) {
        range.selectNodeContents(text)
        for (const rect of Array.from(range.getClientRects())) {
          if (rect.width < 2 || rect.height < 2) continue
          const y = rect.top + rect.height / 2
          // The middle, and near each end: a word half under a neighbour (a till name running
          // into the button beside it) shows only at its end.
          let covered: string | null = null
          for (const at of [0.5, 0.1, 0.9]) {
            const x = rect.left + rect.width * at
            if (x < 0 || y < 0 || x > w.innerWidth || y > w.innerHeight) continue
            // Scrolled (even partly) out of its scroll area: a line at the edge of a list that
            // scrolls is not laid over anything, it is on its way out of view.
            let visible = true
            for (let p = el.parentElement; p && p !== doc.body; p = p.parentElement) {
              const style = w.getComputedStyle(p)
              if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
              const box = p.getBoundingClientRect()
              if (x < box.left || x > box.right || rect.top < box.top - 1) visible = false
              if (rect.bottom > box.bottom + 1) visible = false
            }
            if (!visible) continue
            const hit = doc.elementFromPoint(x, y)
            if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue
            covered = `covered: ${label(el)} under ${label(hit)}`
            break
          }
          if (covered === null) continue
          problems.push(covered)
          break
        }
      }
    }

    // 3. A word broken in the middle across two lines ("Rec / eive / d", "A d a O b i"): its
    // column is too narrow. E-mails, references, codes and amounts (long tokens) may break,
    // and so may a word at a soft hyphen put there for that (French navigation names).
    const words = doc.createRange()
    for (const el of all) {
      if (hidden(el) || w.getComputedStyle(el).fontFamily.toLowerCase().includes('mono')) continue
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType !== 3) continue
        const text = node.textContent ?? ''
        if (text.includes('\u00ad')) continue
        for (const match of text.matchAll(/\S+/gu)) {
          // Words only: an e-mail, a reference or an amount is one long token that may break.
          if (!/^\p{L}{4,}(?:[’']\p{L}+)*$/u.test(match[0])) continue
          words.setStart(node, match.index)
          words.setEnd(node, match.index + match[0].length)
          const lines = new Set(
            Array.from(words.getClientRects())
              .filter((r) => r.width > 0.5)
              .map((r) => Math.round(r.top)),
          )
          if (lines.size > 1) {
            problems.push(`word broken: "${match[0]}" in ${label(el)}`)
            break
          }
        }
      }
    }

    // 4. A scroll area inside another, both actually scrolling.
    const scrolls = (el: El): boolean => {
      const style = w.getComputedStyle(el)
      return ['auto', 'scroll'].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1
    }
    for (const el of all) {
      if (!scrolls(el)) continue
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (scrolls(p)) {
          problems.push(`nested scroll: ${label(el).slice(0, 50)} inside ${label(p).slice(0, 50)}`)
          break
        }
      }
    }
    const px = (length: string) => Number(length.replace(/px$/, '')) || 0
    // 5. Past its card: a table or text that runs over the card's padding to its border (or
    // beyond), where a cashier reads it as cut off even when nothing clips it.
    for (const card of Array.from(scope.querySelectorAll('.card'))) {
      if (hidden(card)) continue
      const box = card.getBoundingClientRect()
      const style = w.getComputedStyle(card)
      const inner = box.right - px(style.paddingRight) - px(style.borderRightWidth)
      // What sits in a scroll area of the card (an audit log scrolls sideways) can be reached.
      const scrolled = (el: El): boolean => {
        for (let node = el.parentElement; node && node !== card; node = node.parentElement)
          if (['auto', 'scroll'].includes(w.getComputedStyle(node).overflowX)) return true
        return false
      }
      for (const el of Array.from(card.querySelectorAll('table, p, li, h2, h3, dl'))) {
        if (el.closest('.card') !== card || hidden(el) || scrolled(el)) continue
        if (el.getBoundingClientRect().right > inner + 1)
          problems.push(`past its card: ${label(el)}`)
      }
      // A button past the card's own edge ("Suspendre les mises à jour" on Updates at 1024 px):
      // the border, not the padding, as a button may sit in a card's corner on purpose.
      const edge = box.right - px(style.borderRightWidth)
      for (const el of Array.from(card.querySelectorAll('button, a[href]'))) {
        if (el.closest('.card') !== card || hidden(el) || scrolled(el)) continue
        if (el.getBoundingClientRect().right > edge + 1)
          problems.push(`button past its card: ${label(el)}`)
      }
    }

    // 6. Text past its control: a label wider than its button (at 150% text, in French), a
    // typed value wider than its field, or a drop-down whose chosen words are cut ("Tous les
    // statut" for "Tous les statuts"). Controls let text spill over their edge without
    // clipping it, so check 1 does not see it.
    const canvas = doc.createElement('canvas').getContext('2d')
    for (const el of Array.from(scope.querySelectorAll('button, select, input'))) {
      if (hidden(el)) continue
      const style = w.getComputedStyle(el)
      if (el.tagName === 'SELECT' && el.options && canvas) {
        const chosen = el.options[el.selectedIndex ?? 0]
        const text = (chosen?.textContent ?? '').trim()
        // Piece by piece: the computed `font` shorthand is empty when a font feature is set.
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const spacing = px(style.letterSpacing) * text.length
        const needed = canvas.measureText(text).width + spacing
        // The arrow sits in the right padding when the kit draws it; the browser's own arrow
        // takes about 20px inside the box otherwise.
        const arrow = style.appearance === 'none' ? 0 : 20
        const room = el.clientWidth - px(style.paddingLeft) - px(style.paddingRight) - arrow
        if (text && needed > room + 1)
          problems.push(`cut control: <select> shows part of "${text}"`)
        continue
      }
      // A field being typed in scrolls its text with the caret (an e-mail longer than its
      // field is normal); one that only shows a value (read-only or disabled) must show it all.
      const shows =
        el.tagName !== 'INPUT' ||
        el.getAttribute('readonly') !== null ||
        el.getAttribute('disabled') !== null
      if (shows && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 2) {
        const what = el.tagName === 'INPUT' ? `"${el.value ?? ''}"` : label(el)
        problems.push(`past its control: ${what}`)
        continue
      }
      if (el.tagName !== 'BUTTON') continue
      // A label that runs past the button's edge while the button itself is no wider.
      const box = el.getBoundingClientRect()
      const walk = (node: Node): boolean => {
        for (const child of Array.from(node.childNodes)) {
          if (child.nodeType === 1) {
            if (!hidden(child as El) && walk(child)) return true
            continue
          }
          if (child.nodeType !== 3 || !(child.textContent ?? '').trim()) continue
          range.selectNodeContents(child)
          for (const r of Array.from(range.getClientRects())) {
            if (r.width < 1) continue
            if (r.left < box.left - 1 || r.right > box.right + 1) return true
            if (r.top < box.top - 1 || r.bottom > box.bottom + 1) return true
          }
        }
        return false
      }
      if (walk(el)) problems.push(`past its button: ${label(el)}`)
    }

    // 7. A table column past its table's area: a cell whose right edge is beyond the box the
    // table sits in, unless that box scrolls sideways on purpose (overflow-x auto or scroll and
    // it does scroll), where the cashier can reach the column.
    for (const table of Array.from(
      scope.querySelectorAll('table, [role="table"], [role="grid"]'),
    )) {
      if (hidden(table)) continue
      let area: El | null = table.parentElement
      while (area && area !== doc.body && w.getComputedStyle(area).overflowX === 'visible')
        area = area.parentElement
      const container = area ?? table
      // On purpose: the box scrolls only sideways (overflow-y stays put); or it is one of the
      // kit's wide lists, whose row groups are given a width below which header and rows
      // scroll together (a report's minWidth); or the text is enlarged (125 or 150 %) and the
      // table was given a min-width, the design for large text. At normal size, a list that
      // scrolls down and so also sideways hides a column the cashier cannot know is there.
      const boxStyle = w.getComputedStyle(container)
      const scrollable = (value: string) => ['auto', 'scroll'].includes(value)
      const wide = (el: El) => !['auto', '0px', ''].includes(w.getComputedStyle(el).minWidth)
      const enlarged = ['125', '150'].includes(
        doc.querySelector('html')?.getAttribute('data-text-size') ?? '',
      )
      const given =
        Array.from(table.querySelectorAll('[role="rowgroup"]')).some(wide) ||
        (enlarged && wide(table))
      // Scrolls only sideways: the box is as tall as its table (an audit log), not a list
      // with rows to scroll down to or room left below them.
      const sidewaysOnly =
        container.scrollHeight <= container.clientHeight + 1 &&
        table.getBoundingClientRect().height >= container.clientHeight - 24
      if (
        scrollable(boxStyle.overflowX) &&
        (!scrollable(boxStyle.overflowY) || sidewaysOnly || given)
      )
        continue
      const edge = container === doc.body ? w.innerWidth : container.getBoundingClientRect().right
      const own = table.getBoundingClientRect().right
      const limit = Math.min(edge, own)
      const cells = table.querySelectorAll(
        'th, td, [role="columnheader"], [role="cell"], [role="gridcell"]',
      )
      for (const cell of Array.from(cells)) {
        if (hidden(cell)) continue
        const r = cell.getBoundingClientRect()
        if (r.width > 0 && r.right > limit + 1) {
          problems.push(`column past its table: ${label(cell)}`)
          break
        }
      }
    }

    // 8. The status bar on two rows at normal text size: its items wrap between one another
    // for enlarged text, by design; at 100 % a second row eats the screen of a 1024 px till.
    const bar = Array.from(scope.querySelectorAll('.statusbar__items'))[0]
    const textSize = doc.querySelector('html')?.getAttribute('data-text-size') ?? '100'
    if (bar && !hidden(bar) && ['', '100'].includes(textSize)) {
      const tops = new Set<number>()
      for (const item of Array.from(bar.querySelectorAll('.statusbar__item')))
        if (!hidden(item)) tops.add(Math.round(item.getBoundingClientRect().top))
      if (tops.size > 1) problems.push(`status bar on ${tops.size} rows: ${label(bar)}`)
    }
    return [...new Set(problems)]
  }, root ?? null)
}

/** How many lines an element's text is drawn on (distinct line tops of its text). */
export async function textLines(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = (globalThis as unknown as Win).document.createRange()
    range.selectNodeContents(el as unknown as Node)
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size
  })
}
