/** The worker's task list. */
export { workerTasksQuery } from './queries'
export { TaskListPage } from './TaskListPage'
