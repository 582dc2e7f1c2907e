import { createContext, useContext } from 'react';
import type { SetupStep } from '../screens/SetupScreen';

/** Opens the station's setup (at a step, or the first one not done): for the places that lead back to it. */
export const SetupContext = createContext<(step?: SetupStep) => void>(() => undefined);

export function useOpenSetup(): (step?: SetupStep) => void {
  return useContext(SetupContext);
}
