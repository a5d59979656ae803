import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ERROR_NOTIFICATION_MS } from '../../../contract/constants'
import { Markdown, preloadMarkdown } from '../../ui/Markdown'
import { Loading } from '../../ui/QueryStates'
import { type PolicyKind, policyTextQuery } from '../auth/queries'

export const policyTitles: Record<PolicyKind, MessageDescriptor> = {
  'information-clause': msg`Information clause`,
  'cookie-policy': msg`Cookie policy`,
}

const fetchFailures: Record<PolicyKind, MessageDescriptor> = {
  'information-clause': msg`An error occurred when fetching the clause.`,
  'cookie-policy': msg`An error occurred when fetching the cookie policy.`,
}

/**
 * Error toasts of the clause flow (spec section 8). Outside preview the user is stuck behind the
 * modal, so the toast also says that skipping is possible and the administrators should know.
 */
export function notifyPolicyFailure(
  i18n: I18n,
  id: string,
  failure: MessageDescriptor,
  withSkipAdvice: boolean,
): void {
  notifications.show({
    id,
    color: 'red',
    autoClose: ERROR_NOTIFICATION_MS,
    title: withSkipAdvice ? i18n._(failure) : undefined,
    message: withSkipAdvice
      ? `${i18n._(msg`You can skip accepting the clause and continue working with the product temporarily.`)} ${i18n._(msg`Please inform the Administrators about the problem.`)}`
      : i18n._(failure),
  })
}

/** Fetches a policy text (fresh on every opening) and reports a failure once. */
export function usePolicyText(kind: PolicyKind, { preview }: { preview: boolean }) {
  const { i18n } = useLingui()
  const query = useQuery(policyTextQuery(kind))
  const { isError, errorUpdatedAt } = query
  // The renderer loads while the text is fetched, not after it.
  useEffect(() => {
    void preloadMarkdown()
  }, [])
  // Keyed by the failure time: a remount (StrictMode) does not repeat the toast, a new failure does.
  useEffect(() => {
    if (isError) {
      notifyPolicyFailure(i18n, `${kind}-fetch-${errorUpdatedAt}`, fetchFailures[kind], !preview)
    }
  }, [isError, errorUpdatedAt, kind, preview, i18n])
  return query
}

export function PolicyTextView({
  kind,
  query,
}: {
  kind: PolicyKind
  query: UseQueryResult<string>
}) {
  const { i18n } = useLingui()
  if (query.isPending) return <Loading label={i18n._(msg`Loading the text…`)} />
  if (query.isError) {
    return (
      <Alert color="red" title={i18n._(fetchFailures[kind])}>
        <Trans>The text could not be loaded. Try again later.</Trans>
      </Alert>
    )
  }
  return <Markdown>{query.data}</Markdown>
}
