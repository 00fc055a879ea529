/**
 * Signed webhooks: targets checked at submission, a durable outbox written with each Done/Failed
 * transition, a dispatcher with backoff, and the delivery log.
 */
export {
  createWebhookService,
  type WebhookService,
  type WebhookEventLog,
  type WebhookDelivery,
} from './webhook-service.ts';
export { startWebhookDispatcher, backoffDelay, type WebhookDispatcher } from './dispatcher.ts';
export { signatureHeader, verifySignature, SIGNATURE_HEADER } from './signature.ts';
export { checkWebhookUrl, isPrivateAddress } from './address-guard.ts';
