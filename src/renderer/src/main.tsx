import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import './app/global.css'
// Sets <html data-theme> before the first render, so no light frame flashes in dark mode.
import './shared/ui/theme'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>
)
