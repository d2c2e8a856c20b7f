// The appearance choices (theme, text size, language) as radio groups and a volume slider,
// shared by the user menu's quick toggle (any role) and Settings → Appearance. Each choice is sent to main at once: there is
// nothing to save, and every window of this till follows.
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  LANGUAGES,
  TEXT_SIZES,
  THEMES,
  type Language,
  type TextSize,
} from '../../common/ipc/appearance'
import { Banner, Button } from '../components'
import { LANGUAGE_NAME } from '../i18n'
import { messageOf } from '../lib/pos'
import { playPaidChime } from '../screens/Instructions/chime'
import { useAppearance } from './AppearanceStore'

function Choices<T extends string | number>({
  legend,
  name,
  options,
  value,
  label,
  onPick,
}: {
  legend: string
  name: string
  options: readonly T[]
  value: T
  label: (option: T) => ReactNode
  onPick: (option: T) => void
}) {
  return (
    <fieldset className="choices">
      <legend className="choices__legend">{legend}</legend>
      <div className="choices__options">
        {options.map((option) => (
          <label
            key={option}
            className={option === value ? 'choices__item is-selected' : 'choices__item'}
          >
            <input
              type="radio"
              name={name}
              value={String(option)}
              checked={option === value}
              onChange={() => onPick(option)}
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Runs a change and keeps its error in words (main refused it, or is unreachable). */
function useChange() {
  const change = useAppearance((store) => store.change)
  const [problem, setProblem] = useState<string | null>(null)
  const send = (input: Parameters<typeof change>[0]) => {
    setProblem(null)
    change(input).catch((error: unknown) => setProblem(messageOf(error)))
  }
  return { send, problem }
}

export function ThemeAndTextSize({ idPrefix }: { idPrefix: string }) {
  const appearance = useAppearance((store) => store.appearance)
  const { send, problem } = useChange()
  const { t } = useTranslation()
  return (
    <div className="appearance-controls">
      {problem && <Banner tone="danger">{problem}</Banner>}
      <Choices
        legend={t('app.appearance.theme')}
        name={`${idPrefix}-theme`}
        options={THEMES}
        value={appearance.theme}
        label={(theme) => t(`app.appearance.themes.${theme}`)}
        onPick={(theme) => send({ theme })}
      />
      <Choices<TextSize>
        legend={t('app.appearance.textSize')}
        name={`${idPrefix}-text-size`}
        options={TEXT_SIZES}
        value={appearance.textSize}
        label={(size) => `${size}%`}
        onPick={(textSize) => send({ textSize })}
      />
      <LanguageChoice
        name={`${idPrefix}-language`}
        value={appearance.language ?? 'en'}
        onPick={(language) => send({ language })}
      />
    </div>
  )
}

/** English / Français, each in its own words, so whoever reads it finds theirs. */
export function LanguageChoice({
  name,
  value,
  onPick,
}: {
  name: string
  value: Language
  onPick: (language: Language) => void
}) {
  const { t } = useTranslation()
  return (
    <Choices<Language>
      legend={t('app.appearance.language')}
      name={name}
      options={LANGUAGES}
      value={value}
      label={(language) => <span lang={language}>{LANGUAGE_NAME[language]}</span>}
      onPick={onPick}
    />
  )
}

export function SoundControls({ showVolume }: { showVolume: boolean }) {
  const sound = useAppearance((store) => store.appearance.sound)
  const { send, problem } = useChange()
  const { t } = useTranslation()
  // The slider moves locally and is sent when let go, not on every step of a drag.
  const [volume, setVolume] = useState<number | null>(null)
  const shown = volume ?? sound.volume
  const commit = () => {
    if (volume === null || volume === sound.volume) return
    send({ sound: { volume } })
    setVolume(null)
  }
  return (
    <div className="appearance-controls">
      {problem && <Banner tone="danger">{problem}</Banner>}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={sound.enabled}
          onChange={(event) => send({ sound: { enabled: event.target.checked } })}
        />
        {t('app.appearance.chime')}
      </label>
      {showVolume && (
        <div className="volume">
          <label className="volume__label" htmlFor="chime-volume">
            {t('app.appearance.volume')}
          </label>
          <input
            id="chime-volume"
            className="volume__range"
            type="range"
            min={0}
            max={100}
            step={5}
            value={shown}
            disabled={!sound.enabled}
            aria-valuetext={`${shown}%`}
            onChange={(event) => setVolume(Number(event.target.value))}
            onPointerUp={commit}
            onKeyUp={commit}
            onBlur={commit}
          />
          <output className="volume__value" htmlFor="chime-volume">
            {shown}%
          </output>
          <Button
            icon="check"
            disabled={!sound.enabled}
            onClick={() => playPaidChime({ enabled: true, volume: shown })}
          >
            {t('app.appearance.play')}
          </Button>
        </div>
      )}
    </div>
  )
}
