import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { applyCachedAppearance } from './app/AppearanceBoot'
import './styles/index.css'

// The theme and text size go on <html> before React's first render: no light flash in dark.
applyCachedAppearance()
const root = document.getElementById('root')
if (!root) throw new Error('index.html lost its #root element.')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
