/**
 * What uptime checks need from the support domain: opening a request by themselves (an outage,
 * a certificate about to expire) and closing it when the site answers again. The support service
 * implements it (notifying the on-call employee and the client is its part).
 */
export interface SystemRequests {
  open(input: {
    registrationId: string;
    urgency: 'urgent' | 'normal';
    source: 'uptime' | 'certificate';
    /** The technical detail, in English: an internal note for the team. */
    body: string;
    /** The watched address, for the client's e-mail ('We noticed your site is down'). */
    siteUrl?: string;
    /** What the client reads in their language: the outage's start, or the certificate's expiry. */
    facts: { kind: 'site_down'; since: Date } | { kind: 'certificate'; expires: Date };
  }): Promise<{ id: string }>;
  /**
   * `facts` when the site answered again (the client is told how long it was down); none when the
   * checks were stopped.
   */
  resolve(
    requestId: string,
    resolution: string,
    facts?: { url: string; minutes: number },
  ): Promise<void>;
}
