import { useEffect, useState } from 'react';

/** The current time, refreshed every minute so 'há n minutos' stays true while the page is open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
