// Loaded on demand by main.tsx (the container, drawn once there is something to show) and by
// src/ui/notify.ts (the store behind it).
export { Notifications, notifications } from '@mantine/notifications'
