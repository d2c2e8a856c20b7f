// Appearance for this till: theme (like the computer, light or dark), text size and the chime
// when a charge is paid. Cashiers change the same choices from their user menu; here the admin
// also sets the chime's volume and can try it.
import { Card } from '../../components'
import { SoundControls, ThemeAndTextSize } from '../../app/AppearanceControls'

export function AppearanceSection() {
  return (
    <>
      <Card
        id="appearance-look"
        title="Look"
        description="Applies to this till at once, for everyone who signs in here. “Like the computer” follows the system’s light or dark setting."
      >
        <ThemeAndTextSize idPrefix="settings" />
      </Card>
      <Card
        id="appearance-sound"
        title="Sound"
        description="The chime the cashier hears when a charge is paid."
      >
        <SoundControls showVolume />
      </Card>
    </>
  )
}
