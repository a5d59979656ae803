import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Group,
  List,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  APPROVAL_STATUS,
  type Approval,
  type CurrentUser,
  type EndworkerProfile,
  type Language,
  ProfileUpdateSchema,
} from '../../../contract/auth'
import { AVAILABILITY_MAX_HOURS, type Gender } from '../../../contract/constants'
import { FormError } from '../../ui/forms/FormError'
import { SubmitButton } from '../../ui/forms/SubmitButton'
import { useForm } from '../../ui/forms/use-form'
import { notifySuccess } from '../../ui/notify'
import { Loading } from '../../ui/QueryStates'
import { authKeys, languagesQuery } from '../auth/queries'
import { updateCurrentUser } from './api'

export function ProfileTab({ user }: { user: CurrentUser }) {
  const { t } = useLingui()
  const languages = useQuery(languagesQuery())
  const profile = user.endworker_profile
  if (!profile) {
    return (
      <Alert color="gray" title={t`No worker profile`}>
        <Trans>
          Languages and availability are kept for end workers only. If you should be one, ask a
          coordinator to set up your worker profile.
        </Trans>
      </Alert>
    )
  }
  if (languages.isPending) return <Loading label={t`Loading the languages…`} />
  if (languages.isError) {
    return (
      <Alert color="red" title={t`The list of languages could not be loaded.`}>
        <Trans>Check your connection and reload the page.</Trans>
      </Alert>
    )
  }
  return (
    <Stack gap="lg">
      {profile.approval && <ApprovalState approval={profile.approval} languages={languages.data} />}
      <ProfileForm key={profile.id} profile={profile} languages={languages.data} />
    </Stack>
  )
}

const settledApprovals = {
  [APPROVAL_STATUS.AUTOMATIC]: { color: 'green', label: msg`Approved automatically` },
  [APPROVAL_STATUS.ACCEPTED]: { color: 'green', label: msg`Approved by a coordinator` },
  [APPROVAL_STATUS.REJECTED]: { color: 'red', label: msg`Rejected by a coordinator` },
} as const

function ApprovalState({ approval, languages }: { approval: Approval; languages: Language[] }) {
  const { i18n } = useLingui()
  if (approval.status === APPROVAL_STATUS.PENDING) {
    return <PendingApproval approval={approval} languages={languages} />
  }
  const { color, label } = settledApprovals[approval.status]
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm">
          <Trans>Last language change:</Trans>
        </Text>
        <Badge color={color}>{i18n._(label)}</Badge>
      </Group>
      {approval.status === APPROVAL_STATUS.REJECTED && (
        <Text size="sm" c="dimmed">
          <Trans>The languages below are the ones in use.</Trans>
        </Text>
      )}
    </Stack>
  )
}

/** The requested languages, shown until a coordinator decides (the profile keeps the old ones). */
function PendingApproval({ approval, languages }: { approval: Approval; languages: Language[] }) {
  const { t } = useLingui()
  const names = (ids: number[]) =>
    ids
      .map((id) => languages.find((language) => language.id === id)?.name ?? `#${id}`)
      .join(', ') || '—'
  const mainLanguage = names(
    approval.new_main_language === null ? [] : [approval.new_main_language],
  )
  const workLanguages = names(approval.new_languages)
  const nativeLanguages = names(approval.new_native_languages)
  return (
    <Alert
      color="yellow"
      title={
        <Group gap="xs">
          <Trans>Language changes</Trans>
          <Badge color="yellow">
            <Trans>Waiting for approval</Trans>
          </Badge>
        </Group>
      }
    >
      <Text size="sm">
        <Trans>
          A coordinator must approve this change before it takes effect. Until then your current
          languages stay in use.
        </Trans>
      </Text>
      <List size="sm" mt="xs" aria-label={t`Requested languages`}>
        <List.Item>
          <Trans>Main language: {mainLanguage}</Trans>
        </List.Item>
        <List.Item>
          <Trans>Languages: {workLanguages}</Trans>
        </List.Item>
        <List.Item>
          <Trans>Native languages: {nativeLanguages}</Trans>
        </List.Item>
      </List>
    </Alert>
  )
}

type ProfileValues = {
  main_language: string | null
  languages: string[]
  native_languages: string[]
  gender: Gender | ''
  birth_year: number | string
  availability: number | string
}

function toValues(profile: EndworkerProfile): ProfileValues {
  return {
    main_language: profile.main_language === null ? null : String(profile.main_language),
    languages: profile.languages.map(String),
    native_languages: profile.native_languages.map(String),
    gender: profile.gender ?? '',
    birth_year: profile.birth_year ?? '',
    availability: profile.availability ?? '',
  }
}

/** An empty number input is '' and means "not given". */
const numberOrNull = (value: number | string) => (value === '' ? null : Number(value))

function ProfileForm({ profile, languages }: { profile: EndworkerProfile; languages: Language[] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const options = languages.map((language) => ({
    value: String(language.id),
    label: language.name,
  }))
  const form = useForm({
    initialValues: toValues(profile),
    schema: ProfileUpdateSchema,
    toInput: (values: ProfileValues) => ({
      main_language: values.main_language === null ? null : Number(values.main_language),
      languages: values.languages.map(Number),
      native_languages: values.native_languages.map(Number),
      gender: values.gender === '' ? null : values.gender,
      birth_year: numberOrNull(values.birth_year),
      availability: numberOrNull(values.availability),
    }),
    check: (values) =>
      numberOrNull(values.birth_year) !== null &&
      Number(values.birth_year) > new Date().getFullYear()
        ? { birth_year: msg`A birth year cannot be in the future.` }
        : {},
    serverPrefix: 'endworker_profile.',
    submit: (endworker_profile) => updateCurrentUser({ endworker_profile }),
    onSuccess: (saved) => {
      queryClient.setQueryData(authKeys.currentUser(), saved)
      if (saved.endworker_profile) form.reset(toValues(saved.endworker_profile))
      notifySuccess({
        message:
          saved.endworker_profile?.approval?.status === APPROVAL_STATUS.PENDING
            ? t`Your profile has been saved. A coordinator must approve the language changes.`
            : t`Your profile has been saved.`,
      })
    },
  })

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={t`Worker profile`}>
      <Stack gap="sm">
        <FormError message={form.generalError} />
        <Select
          label={t`Main language`}
          data={options}
          searchable
          clearable
          {...form.field('main_language')}
        />
        <MultiSelect
          label={t`Languages`}
          description={t`The languages you can work in.`}
          data={options}
          searchable
          {...form.field('languages')}
        />
        <MultiSelect
          label={t`Native languages`}
          data={options}
          searchable
          {...form.field('native_languages')}
        />
        <Radio.Group
          label={t`Gender`}
          value={form.values.gender}
          onChange={(value) => form.setValue('gender', value as Gender | '')}
          error={form.errors.gender}
        >
          <Group gap="md" mt={4}>
            <Radio value="female" label={t`Female`} />
            <Radio value="male" label={t`Male`} />
            <Radio value="" label={t`Not specified`} />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t`Birth year`}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.field('birth_year')}
          />
          <NumberInput
            label={t`Availability (hours a week)`}
            description={t`From 0 to ${AVAILABILITY_MAX_HOURS} hours a week.`}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            min={0}
            max={AVAILABILITY_MAX_HOURS}
            {...form.field('availability')}
          />
        </SimpleGrid>
        <SubmitButton pending={form.pending}>
          <Trans>Save profile</Trans>
        </SubmitButton>
      </Stack>
    </form>
  )
}
