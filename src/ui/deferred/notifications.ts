// Loaded on demand by main.tsx: the container is drawn once there is something to show.
export { Notifications } from '@mantine/notifications'
