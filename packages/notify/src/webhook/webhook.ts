import { createHmac } from 'node:crypto';
import { excerpt, HttpFailure, redact, sendHttp } from '../social/http';

export type WebhookOptions = {
  /** When set, the body is signed: `X-PAC-Signature: sha256=<hex HMAC-SHA256 of the exact body>`. */
  secret?: string;
  /** Limit for the whole request in milliseconds; defaults to 15 s. */
  timeoutMs?: number;
};

export const WEBHOOK_SIGNATURE_HEADER = 'X-PAC-Signature';

/** The header value a receiver should compute over the raw request body to check a delivery. */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * POSTs the payload as JSON. Resolves with the status on a 2xx answer; otherwise rejects with an
 * Error naming the status and the start of the answer. Redirects are not followed. Messages name
 * only the receiver's host (a webhook path or query often holds a secret of its own).
 */
export async function postWebhook(
  url: string,
  payload: unknown,
  opts: WebhookOptions = {},
): Promise<{ status: number }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new Error('The webhook address is not a valid URL.');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new Error(`The webhook address must start with https:// or http:// (got ${target.protocol}).`);
  }
  const service = `The webhook at ${target.host}`;

  let body: string;
  try {
    body = JSON.stringify(payload) ?? 'null';
  } catch {
    throw new Error('The webhook payload could not be turned into JSON.');
  }

  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
    'user-agent': 'PAC-Hub-Webhook/1.0',
  };
  if (opts.secret) headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] = webhookSignature(body, opts.secret);

  let res;
  try {
    res = await sendHttp({
      method: 'POST',
      url: target,
      headers,
      body,
      timeoutMs: opts.timeoutMs,
      maxBytes: 64 * 1024,
      service: `the webhook`,
      secrets: [opts.secret],
    });
  } catch (err) {
    if (err instanceof HttpFailure) {
      throw new Error(err.message.replace(/^the webhook/, 'The webhook'), { cause: err });
    }
    throw new Error(`${service} could not be reached.`, { cause: err });
  }
  if (res.status < 200 || res.status > 299) {
    const said = res.text.trim() ? `: ${redact(excerpt(res.text, 200), [opts.secret])}` : '.';
    throw new Error(`${service} answered ${res.status} ${res.statusText}`.trim() + said);
  }
  return { status: res.status };
}
