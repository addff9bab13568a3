import { useHydrated } from '../../lib/use-hydrated';

/** The registration waiting for payment, kept for the checkout in this browser tab. */
export interface PendingRegistration {
  id: string;
  planName: string;
}

const KEY = 'pendingRegistration';

export function savePendingRegistration(value: PendingRegistration): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage can be off (private mode); checkout then asks the server by plan only.
  }
}

export function readPendingRegistration(): PendingRegistration | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingRegistration) : null;
  } catch {
    return null;
  }
}

/**
 * The pending registration's id for a page rendered on the server too: none on the server and
 * while hydrating (as the server rendered it), this tab's right after.
 */
export function usePendingRegistrationId(): string | null {
  const hydrated = useHydrated();
  return hydrated ? (readPendingRegistration()?.id ?? null) : null;
}

/** After a confirmed payment: the registration is paid and no longer pending. */
export function clearPendingRegistration(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
