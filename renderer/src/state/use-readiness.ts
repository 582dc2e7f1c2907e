import { useMemo } from 'react';
import { readiness, type Readiness } from './readiness';
import { useStationState } from './context';

/** The station's readiness for a scan, from the store's state: the one judgement every part of the UI uses. */
export function useReadiness(): Readiness {
  const { status, connectionProblem, loadError } = useStationState();
  return useMemo(
    () => readiness({ status, connectionProblem, loadError }),
    [status, connectionProblem, loadError],
  );
}
