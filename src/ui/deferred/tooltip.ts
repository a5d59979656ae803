// Loaded on demand (see DeferredTooltip): the tooltip brings the floating-element positioning code.
export { Tooltip } from '@mantine/core'
