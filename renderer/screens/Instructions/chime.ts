// The "paid" sound: two rising notes made with Web Audio, so there is no asset to ship and
// nothing for the CSP to allow. Browsers only let audio start after a user gesture, so the
// Collect screen calls unlockAudio() when the cashier opens the charge. Whether it sounds and
// how loud is the till's choice (Settings → Appearance, or the user menu).
import type { Appearance } from '../../../common/ipc/appearance'
import { useAppearance } from '../../app/AppearanceStore'

let context: AudioContext | null = null

/** Loudest peak gain (volume 100). Sine notes above this clip on small till speakers. */
const PEAK_GAIN = 0.5
/** Exponential ramps cannot reach 0: the quietest level, also the start and end of each note. */
const SILENT = 0.0001

export function unlockAudio(): void {
  try {
    context ??= new AudioContext()
    if (context.state === 'suspended') void context.resume()
  } catch {
    context = null // no audio device: the visual change still says it all
  }
}

/** The peak gain for a volume of 0–100, or null when the chime should not sound at all. */
export function chimeGain(sound: Appearance['sound']): number | null {
  if (!sound.enabled || sound.volume <= 0) return null
  return Math.max(SILENT * 10, (Math.min(sound.volume, 100) / 100) * PEAK_GAIN)
}

/** Plays the chime with the till's sound settings, or `sound` (Settings' "Play the chime"). */
export function playPaidChime(
  sound: Appearance['sound'] = useAppearance.getState().appearance.sound,
): void {
  const peak = chimeGain(sound)
  if (peak === null) return
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
    gain.gain.setValueAtTime(SILENT, t)
    gain.gain.exponentialRampToValueAtTime(peak, t + 0.02)
    gain.gain.exponentialRampToValueAtTime(SILENT, t + 0.3)
    osc.connect(gain).connect(ctx.destination)
    osc.start(t)
    osc.stop(t + 0.32)
  })
}
