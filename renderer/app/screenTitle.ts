// A screen's name in the till's language. The registry keeps the English title (other code
// and tests read it); the catalogue has one for each screen it knows, the registry's title
// stands in for any screen added without one.
import type { TFunction } from 'i18next'
import en from '../i18n/en.json'
import type { ScreenDef } from '../screens/registry'

type ScreenKey = keyof typeof en.screens
const known = (id: string): id is ScreenKey => Object.hasOwn(en.screens, id)

export function screenTitle(t: TFunction, screen: Pick<ScreenDef, 'id' | 'title'>): string {
  return known(screen.id) ? t(`screens.${screen.id}`) : screen.title
}
