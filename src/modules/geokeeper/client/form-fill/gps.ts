import { useCallback, useState } from 'react';

// The device's position (navigator.geolocation), as a GeoJSON point with its accuracy: the form's
// geopoint answer keeps `accuracy` beside the coordinates (form/values.ts accepts it).

export interface Fix {
  type: 'Point';
  coordinates: [number, number];
  accuracy: number;
}

const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 30_000, maximumAge: 10_000 };

/** One position fix. */
export function currentFix(): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          type: 'Point',
          coordinates: [round(p.coords.longitude), round(p.coords.latitude)],
          accuracy: Math.round(p.coords.accuracy * 10) / 10,
        }),
      (e) => reject(new Error(e.message || 'denied')),
      OPTIONS,
    );
  });
}

/** Seven decimals: about a centimetre, more than any phone's GPS gives. */
const round = (n: number) => Math.round(n * 1e7) / 1e7;

export function useFix() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locate = useCallback(async (): Promise<Fix | null> => {
    setBusy(true);
    setError(null);
    try {
      return await currentFix();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, locate };
}
