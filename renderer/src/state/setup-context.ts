import { createContext, useContext } from 'react';

/** The setup's steps in order (screens/SetupScreen.tsx draws them): here, so the places that open it need no screen. */
export const SETUP_STEPS = ['start', 'key', 'printer', 'test'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Opens the station's setup (at a step, or the first one not done): for the places that lead back to it. */
export const SetupContext = createContext<(step?: SetupStep) => void>(() => undefined);

export function useOpenSetup(): (step?: SetupStep) => void {
  return useContext(SetupContext);
}
