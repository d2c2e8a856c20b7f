// The "paid" sound: two rising notes made with Web Audio, so there is no asset to ship and
// nothing for the CSP to allow. Browsers only let audio start after a user gesture, so the
// Collect screen calls unlockAudio() when the cashier opens the charge.
let context: AudioContext | null = null

export function unlockAudio(): void {
  try {
    context ??= new AudioContext()
    if (context.state === 'suspended') void context.resume()
  } catch {
    context = null // no audio device: the visual change still says it all
  }
}

export function playPaidChime(): void {
  unlockAudio()
  const ctx = context
  if (!ctx) return
  const start = ctx.currentTime + 0.02
  const notes = [659.25, 987.77] // E5 then B5: bright, short, unmistakable
  notes.forEach((frequency, i) => {
    const osc = ctx.createOscillator()
    const gain = ctx.createGain()
    osc.type = 'sine'
    osc.frequency.value = frequency
    const t = start + i * 0.16
    gain.gain.setValueAtTime(0.0001, t)
    gain.gain.exponentialRampToValueAtTime(0.35, t + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.3)
    osc.connect(gain).connect(ctx.destination)
    osc.start(t)
    osc.stop(t + 0.32)
  })
}
