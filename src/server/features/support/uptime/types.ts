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
    body: string;
  }): Promise<{ id: string }>;
  resolve(requestId: string, resolution: string): Promise<void>;
}
