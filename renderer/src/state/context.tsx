import { createContext, useContext, useSyncExternalStore } from 'react';
import type { StationApi } from '../../../preload/api';
import type { StationState, StationStore } from './station-store';
import type { SoundPlayer } from '../sounds/sounds';

export interface AppServices {
  store: StationStore;
  api: StationApi;
  sounds: SoundPlayer;
}

export const ServicesContext = createContext<AppServices | undefined>(undefined);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}

export function useStationState(): StationState {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
