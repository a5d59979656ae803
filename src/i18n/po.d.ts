declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

declare module '*.po?first-screen' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

declare module '*.po?first-work' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
