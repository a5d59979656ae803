import { msg } from '@lingui/core/macro'

/** The repeated password must equal the new one; the error goes under the repeat field. */
export function repeatedPasswordCheck(password: string, repeat: string) {
  return password === repeat ? {} : { repeat: msg`The passwords do not match.` }
}
