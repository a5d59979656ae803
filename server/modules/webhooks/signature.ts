import crypto from 'node:crypto'

const SECRET_PREFIX = 'whsec_'

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(32).toString('base64')
}

/** A delivery's `webhook-id`, the same for every attempt of one event. */
export function newMessageId(): string {
  return `msg_${crypto.randomBytes(16).toString('base64url')}`
}

/**
 * The `webhook-signature` header of the Standard Webhooks scheme: `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's decoded bytes.
 */
export function signDelivery(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  const mac = crypto
    .createHmac('sha256', key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64')
  return `v1,${mac}`
}
