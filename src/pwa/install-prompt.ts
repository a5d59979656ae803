/**
 * Chromium's install prompt (`beforeinstallprompt`), held from start-up: the browser fires it
 * once, maybe before the install offer (InstallOffer.tsx, loaded once the page has settled) is
 * there to listen. Kept tiny, as it is part of the start-up script.
 */
export const heldInstallPrompt: { event?: Event; onHeld?: () => void } = {}

addEventListener('beforeinstallprompt', (event) => {
  // The offer shows the prompt when the worker asks for it, instead of the browser's own bar.
  event.preventDefault()
  heldInstallPrompt.event = event
  heldInstallPrompt.onHeld?.()
})
