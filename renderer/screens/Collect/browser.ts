// Small browser helpers for the collections screens: save a file the user asked for, and
// print one part of the page (the print stylesheet in collections.css hides the rest).

export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function printArea(area: 'instructions' | 'receipt' | 'shift'): void {
  document.documentElement.dataset.print = area
  const done = () => {
    delete document.documentElement.dataset.print
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
}
