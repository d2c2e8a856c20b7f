import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { applyCachedAppearance, cachedAppearance } from './app/AppearanceBoot'
import { applyLanguage } from './i18n'
import './styles/index.css'

// The theme and text size go on <html> before React's first render: no light flash in dark.
applyCachedAppearance()
// The words too: the last language this window saw, confirmed or corrected by main's answer.
applyLanguage(cachedAppearance().language)
const root = document.getElementById('root')
if (!root) throw new Error('index.html lost its #root element.')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
