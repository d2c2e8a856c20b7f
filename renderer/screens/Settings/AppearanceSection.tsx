// Appearance for this till: theme (like the computer, light or dark), text size and the chime
// when a charge is paid. Cashiers change the same choices from their user menu; here the admin
// also sets the chime's volume and can try it.
import { useTranslation } from 'react-i18next'
import { Card } from '../../components'
import { SoundControls, ThemeAndTextSize } from '../../app/AppearanceControls'

export function AppearanceSection() {
  const { t } = useTranslation()
  return (
    <>
      <Card
        id="appearance-look"
        title={t('settings.appearance.look')}
        description={t('settings.appearance.lookHelp')}
      >
        <ThemeAndTextSize idPrefix="settings" />
      </Card>
      <Card
        id="appearance-sound"
        title={t('settings.appearance.sound')}
        description={t('settings.appearance.soundHelp')}
      >
        <SoundControls showVolume />
      </Card>
    </>
  )
}
