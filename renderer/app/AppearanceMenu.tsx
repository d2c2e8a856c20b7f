// The quick appearance toggle in the user menu: any signed-in role can make the till easier
// to read (theme, text size) or silence the chime without an admin.
import { SoundControls, ThemeAndTextSize } from './AppearanceControls'

export function AppearanceMenu() {
  return (
    <div className="usermenu__appearance" role="group" aria-label="Appearance">
      <ThemeAndTextSize idPrefix="menu" />
      <SoundControls showVolume={false} />
    </div>
  )
}
