/**
 * Keys that recognise one business across providers, for the do-not-contact list: the last ten
 * digits of its phone number and its website's host without 'www.'.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}

export function websiteKey(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const host = new URL(
      /^https?:\/\//i.test(website) ? website : `http://${website}`,
    ).hostname.toLowerCase();
    return host.replace(/^www\./, '').replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}
