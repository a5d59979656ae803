import { Trans, useLingui } from '@lingui/react/macro'
import type { TaskTypeEntity } from '../../../../../contract/client-definitions'
import { RouterAnchor } from '../../../../ui/links'
import { formatDateTime } from '../../../account/format'
import { DefinitionFacts } from '../shared/DefinitionFacts'
import { VersionName } from './TaskTypeBadges'

const names = (refs: { name?: string; username?: string }[]) =>
  refs.map((ref) => ref.name ?? ref.username).join(', ') || '—'

/** Every setting of a task type in words, with its unit. */
export function TaskTypeFacts({ taskType: type }: { taskType: TaskTypeEntity }) {
  const { t } = useLingui()
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`)
  const metadata = Object.entries(type.default_metadata)
  return (
    <DefinitionFacts
      facts={[
        {
          label: <Trans>Schema</Trans>,
          value: (
            <RouterAnchor
              to="/client/tasks-definitions/task-schemas/$taskSchemaId"
              params={{ taskSchemaId: String(type.schema.id) }}
            >
              <VersionName version={type.schema} />
            </RouterAnchor>
          ),
        },
        {
          label: <Trans>Protocol</Trans>,
          value: (
            <RouterAnchor
              to="/client/tasks-definitions/task-protocols/$taskProtocolId"
              params={{ taskProtocolId: String(type.protocol.id) }}
            >
              <VersionName version={type.protocol} />
            </RouterAnchor>
          ),
        },
        {
          label: <Trans>Tasks</Trans>,
          value: t`${type.active_tasks} active, ${type.archived_tasks} archived`,
        },
        {
          label: <Trans>Item sets</Trans>,
          value: type.is_fixed_sets
            ? t`Fixed at upload, ${type.items_per_set} items each`
            : t`Filled when handed out, ${type.items_per_set} items each`,
        },
        { label: <Trans>Annotations per item</Trans>, value: type.annotations_per_item },
        {
          label: <Trans>Share cap per worker</Trans>,
          value: `${type.max_items_per_user_percent} %`,
        },
        {
          label: <Trans>Item set lock time</Trans>,
          value:
            type.custom_itemset_lock_time === null
              ? t`Instance default`
              : t`${type.custom_itemset_lock_time} minutes`,
        },
        {
          label: <Trans>Time log merge threshold</Trans>,
          value:
            type.custom_timelogs_merge_threshold === null
              ? t`Instance default`
              : t`${type.custom_timelogs_merge_threshold} seconds`,
        },
        {
          label: <Trans>Review</Trans>,
          value: type.review_enabled
            ? t`Probability ${type.review_probability}; a worker's first ${type.review_newcomers_bound} annotations always`
            : t`Off`,
        },
        {
          label: <Trans>Quality control</Trans>,
          value: [
            t`Gold share ${type.gold_share} %`,
            type.min_gold_accuracy === null
              ? t`no minimum accuracy`
              : t`minimum accuracy ${Math.round(type.min_gold_accuracy * 100)} % after ${type.min_gold_answers} gold answers`,
            type.min_seconds_per_item === null
              ? t`no minimum time per item`
              : t`minimum ${type.min_seconds_per_item} s per item`,
          ].join('; '),
        },
        { label: <Trans>Download enabled</Trans>, value: yesNo(type.download_enabled) },
        { label: <Trans>Protect audio</Trans>, value: yesNo(type.encrypt_audio) },
        {
          label: <Trans>Archival</Trans>,
          value:
            type.archivation_timeout === null
              ? t`Never`
              : type.delete_archived
                ? t`${type.archivation_timeout} days after finishing, then deleted`
                : t`${type.archivation_timeout} days after finishing`,
        },
        {
          label: <Trans>Default metadata</Trans>,
          value: metadata.map(([key, value]) => `${key}=${value}`).join(', ') || '—',
        },
        { label: <Trans>Whitelist</Trans>, value: names(type.whitelist) },
        { label: <Trans>Blacklist</Trans>, value: names(type.blacklist) },
        { label: <Trans>Deputies</Trans>, value: names(type.deputy) },
        {
          label: <Trans>Task groups</Trans>,
          value: names(type.task_groups.map((link) => link.group)),
        },
        {
          label: <Trans>Projects</Trans>,
          value: type.default_project
            ? t`${names(type.projects)} (default: ${type.default_project.name})`
            : names(type.projects),
        },
        { label: <Trans>Limiters</Trans>, value: names(type.limiters) },
        { label: <Trans>Author</Trans>, value: type.author?.username ?? '—' },
        { label: <Trans>Created</Trans>, value: formatDateTime(type.created_timestamp) },
      ]}
    />
  )
}
