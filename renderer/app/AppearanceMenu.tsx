// The quick appearance toggle in the user menu: any signed-in role can make the till easier
// to read (theme, text size) or silence the chime without an admin.
import { useTranslation } from 'react-i18next'
import { SoundControls, ThemeAndTextSize } from './AppearanceControls'

export function AppearanceMenu() {
  const { t } = useTranslation()
  return (
    <div className="usermenu__appearance" role="group" aria-label={t('app.appearance.label')}>
      <ThemeAndTextSize idPrefix="menu" />
      <SoundControls showVolume={false} />
    </div>
  )
}
