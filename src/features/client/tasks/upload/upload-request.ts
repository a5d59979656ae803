import { type TaskUploadResult, TaskUploadResultSchema } from '../../../../../contract/task-intake'
import { type UploadOptions, uploadWithProgress } from '../../../../api/upload'

export type { UploadProgress } from '../../../../api/upload'

export const uploadTask = (form: FormData, options: UploadOptions): Promise<TaskUploadResult> =>
  uploadWithProgress('client/tasks/', form, TaskUploadResultSchema, options)
