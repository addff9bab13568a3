import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPosition } from './browser-position';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

const geolocation = (answer: (ok: Success, fail: Failure) => void) =>
  ({ getCurrentPosition: vi.fn(answer) }) as unknown as Pick<Geolocation, 'getCurrentPosition'>;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('requestPosition', () => {
  it('answers the coordinates the browser gives, asking with a timeout', async () => {
    const geo = geolocation((ok) => ok({ coords: { latitude: 29.4241, longitude: -98.4936 } }));
    await expect(requestPosition(geo, 5000)).resolves.toEqual({ lat: 29.4241, lng: -98.4936 });
    expect(geo.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      expect.objectContaining({ timeout: 5000 }),
    );
  });

  it('falls back (null) on denial, only logging it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      requestPosition(
        geolocation((_ok, fail) => fail({ code: 1, message: 'User denied Geolocation' })),
      ),
    ).resolves.toBeNull();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('User denied Geolocation'));
    expect(error).not.toHaveBeenCalled();
  });

  it('falls back when the browser has no geolocation', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await expect(requestPosition(undefined)).resolves.toBeNull();
    expect(info).toHaveBeenCalledOnce();
  });

  it('falls back when the browser never answers (a prompt left open)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const pending = requestPosition(
      geolocation(() => {}),
      1000,
    );
    await vi.advanceTimersByTimeAsync(2000);
    await expect(pending).resolves.toBeNull();
  });
});
