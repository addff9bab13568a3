/**
 * An e-mail that reached the agency through an inbound-mail provider's webhook, reduced to what a
 * support request needs. The provider's own shapes (Postmark JSON, Mailgun form fields) stay in
 * this folder.
 */
export interface InboundMail {
  from: string; // bare lower-cased address
  fromName: string;
  to: string[]; // every recipient address (To, Cc, and the provider's original recipient), lower-cased
  subject: string;
  text: string; // the reply only: quoted text and signature stripped
  /**
   * For de-duplication of provider retries: Postmark's MessageID (its own id, the same on every
   * retry); for Mailgun, which has none of its own, the mail's Message-Id header without <>. Only
   * unique per provider, and the header is chosen by the sender: key on it with the sender too.
   */
  messageId: string | null;
}

export interface InboundMailRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface InboundMailProvider {
  name: 'postmark' | 'mailgun';
  /** Whether the request really comes from the provider, as the provider documents it. Constant-time comparisons. */
  authenticate(request: InboundMailRequest): boolean;
  /** The mail in the body, or null when the body is not a mail of this provider (then the route answers 400). */
  parse(body: unknown): InboundMail | null;
}
