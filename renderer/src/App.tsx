import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { StationApi } from '../../preload/api';
import { StationStore } from './state/station-store';
import { ServicesContext, useServices, useStationState, type AppServices } from './state/context';
import { useScanSession, type ScanSession } from './state/scan-session';
import { useReadiness } from './state/use-readiness';
import { scanRefusal, type ReadinessAction } from './state/readiness';
import { ScanRoutingContext, type ScanHandler, type ScanRouting } from './scan/scan-routing';
import { attachKeyboardScanner } from './scan/keyboard-scanner';
import { DuplicateFilter, judgeScan } from './scan/normalize';
import { DEFAULT_MAX_GAP_MS } from './scan/burst';
import { SoundPlayer, type SoundKind } from './sounds/sounds';
import { KEY_SHEET_KEY, Nav, screenForKey, type Screen } from './components/Nav';
import { StatusBar } from './components/StatusBar';
import { StartupNotice } from './components/StartupNotice';
import { KeySheet } from './components/KeySheet';
import { HomeAgainContext } from './components/use-screen-focus';
import { isFinished, resultState } from './components/result-state';
import { missedScans } from './components/missed-scans';
import { printerWait } from './components/printer-wait';
import { ScanScreen } from './screens/ScanScreen';
import { JobsScreen } from './screens/JobsScreen';
import { StoredScreen } from './screens/StoredScreen';
import { ManifestScreen } from './screens/ManifestScreen';
import { CancelScreen } from './screens/CancelScreen';
import { SettingsScreen, type SettingsGroup } from './screens/SettingsScreen';
import { HistoryScreen } from './screens/HistoryScreen';
import { CheckoutScreen } from './screens/CheckoutScreen';
import {
  firstOpenStep,
  isFirstStart,
  SETUP_LEFT_STORAGE_KEY,
  SetupScreen,
  type SetupStep,
} from './screens/SetupScreen';
import { SetupContext } from './state/setup-context';
import { isLanguage, LANGUAGE_STORAGE_KEY, switchLanguage } from './i18n';
import { CONNECTION_EVENT } from './api/bridge';
import { failureFromError } from './api/errors';

export interface AppProps {
  api: StationApi;
  i18n: I18n;
  /**
   * A store already started by the caller: the entry point starts it before React draws its first frame, so
   * the station's lists are on their way while the screen is drawn. Without one, the app makes and starts its own.
   */
  store?: StationStore;
  /** Scanner burst gap; tests shorten nothing here, they pass fake timestamps to the scan layer instead. */
  burstGapMs?: number;
  sounds?: SoundPlayer;
  /** Clock for the duplicate window (ms). */
  now?: () => number;
}

/** The whole renderer: services (store, sounds), language and the screens. */
export function App({ api, i18n, store, burstGapMs, sounds, now }: AppProps) {
  const services = useMemo<AppServices>(
    () => ({ api, store: store ?? new StationStore(api), sounds: sounds ?? new SoundPlayer() }),
    [api, store, sounds],
  );
  useEffect(() => (store ? undefined : services.store.start()), [services, store]);
  useEffect(() => {
    function onConnection(event: Event): void {
      const detail = (event as CustomEvent<{ connected?: unknown; problem?: unknown }>).detail;
      if (detail?.connected !== false) services.store.setConnectionProblem(undefined);
      else
        services.store.setConnectionProblem(
          detail.problem === 'token_refused' ? 'token_refused' : 'unreachable',
        );
    }
    window.addEventListener(CONNECTION_EVENT, onConnection);
    return () => window.removeEventListener(CONNECTION_EVENT, onConnection);
  }, [services]);
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <Shell burstGapMs={burstGapMs ?? DEFAULT_MAX_GAP_MS} now={now ?? (() => performance.now())} />
      </ServicesContext.Provider>
    </I18nextProvider>
  );
}

function soundFor(state: ReturnType<typeof resultState> | 'waiting'): SoundKind | undefined {
  if (state === 'printed' || state === 'done') return 'success';
  if (state === 'failed') return 'error';
  if (state === 'held' || state === 'duplicate' || state === 'waiting') return 'attention';
  return undefined;
}

function Shell({ burstGapMs, now }: { burstGapMs: number; now: () => number }) {
  const { t, i18n } = useTranslation();
  const { api, sounds, store } = useServices();
  const state = useStationState();
  const { settings, jobs, status, spool } = state;
  const [screen, showScreen] = useState<Screen | 'setup'>('scan');
  // The group Settings opens on when the setup leads there; any other way there opens it where it always does.
  const [settingsGroup, setSettingsGroup] = useState<SettingsGroup | undefined>();
  const setScreen = useCallback((next: Screen | 'setup') => {
    setSettingsGroup(undefined);
    showScreen(next);
  }, []);
  const openSettings = useCallback((group: SettingsGroup) => {
    setSettingsGroup(group);
    showScreen('settings');
  }, []);
  const [setupStep, setSetupStep] = useState<SetupStep>('start');
  const openSetup = useCallback(
    (step?: SetupStep) => {
      setSetupStep(step ?? firstOpenStep(store.getState().status));
      setScreen('setup');
    },
    [store, setScreen],
  );
  // A station as it is first started (no key, no label printer) opens its setup once the status says so, unless
  // the admin left it before: the Scan screen then says what is missing and its button leads back.
  const setupOffered = useRef(false);
  const leftHere = useRef(false);
  useEffect(() => {
    if (setupOffered.current || !status) return;
    setupOffered.current = true;
    if (isFirstStart(status) && !setupLeft(leftHere)) openSetup();
  }, [status, openSetup]);
  function leaveSetup(): void {
    rememberSetupLeft(leftHere);
    setScreen('scan');
  }
  const ready = useReadiness();
  const refusal = scanRefusal(ready);
  const jobFinished = useCallback(
    (jobId: string) => {
      const job = store.getState().jobs.find((candidate) => candidate.id === jobId);
      return job !== undefined && isFinished(resultState(job));
    },
    [store],
  );
  const stationSession = useScanSession(api, jobFinished);
  // With no label printer a scan would be booked with nowhere to print its label: it is shown refused, in the
  // words the Scan screen already says, and not sent. Every other scan goes to the station, the judge.
  const session = useMemo<ScanSession>(
    () =>
      refusal
        ? {
            ...stationSession,
            scan: async (code) => stationSession.refuse(code, refusal),
          }
        : stationSession,
    [stationSession, refusal],
  );
  const [repeatNotice, setRepeatNotice] = useState<{ code: string; at: number } | undefined>();

  // settings.language switches the UI live.
  useEffect(() => {
    const language = settings?.language;
    // A catalogue that cannot be fetched (the host is gone) leaves the UI in the language it shows.
    if (isLanguage(language) && i18n.language !== language)
      switchLanguage(i18n, language).catch(() => undefined);
  }, [settings?.language, i18n]);
  // The station's name in the window title: the desktop app's window and a browser tab take it from here.
  const stationName = status?.stationName;
  useEffect(() => {
    document.title = stationName ? t('stationName.windowTitle', { name: stationName }) : t('app.title');
  }, [stationName, t]);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, i18n.language);
    } catch {
      // Storage may be disabled (kiosk profiles): the settings still set the language.
    }
  }, [i18n.language]);

  // Scans: judged once (affixes, repeats), then given to the screen on show.
  const handlerRef = useRef<ScanHandler | undefined>(undefined);
  const filter = useMemo(() => new DuplicateFilter(), []);
  const settingsRef = useRef(settings);
  const loadErrorRef = useRef(state.loadError);
  useEffect(() => {
    settingsRef.current = settings;
    loadErrorRef.current = state.loadError;
  });
  // The key cheat sheet (F9) covers the screen: a scan closes it, so its result (a failure above all) is seen.
  const [keysShown, setKeysShown] = useState(false);
  const keysShownRef = useRef(keysShown);
  useEffect(() => {
    keysShownRef.current = keysShown;
  });
  // A scan that closes the sheet also sends the keyboard to the screen's field: the sheet's opener (the Keys
  // button, when opened with the mouse) would keep it, and a code keyed by hand next would go nowhere.
  const [homeAgain, setHomeAgain] = useState(0);
  const fallbackScan = useRef<(code: string) => void>(() => undefined);
  const earlyScans = useRef<string[]>([]);
  useEffect(() => {
    fallbackScan.current = (code) => {
      // Screens without their own use for a scan (Manifest) send it to the Scan screen.
      setScreen('scan');
      void session.scan(code);
    };
  });
  const routing = useMemo<ScanRouting>(
    () => ({
      setHandler(handler) {
        handlerRef.current = handler;
      },
      submit(raw) {
        if (keysShownRef.current) {
          setKeysShown(false);
          setHomeAgain((count) => count + 1);
        }
        const scanner = settingsRef.current?.scanner;
        if (!scanner) {
          // The screen is drawn before the station's settings arrive; the scanner's prefix and suffix are in
          // them, so a scan that early waits for them (a few tens of milliseconds) rather than be cut wrongly.
          earlyScans.current.push(raw);
          // The first load failed, so they would wait for ever: load again; if that fails too, the effect
          // below shows the scan failed with the reason.
          if (loadErrorRef.current) void store.load();
          return;
        }
        const verdict = judgeScan(raw, scanner, filter, now());
        if (verdict.kind === 'empty') return;
        if (verdict.kind === 'repeat') {
          setRepeatNotice({ code: verdict.code, at: now() });
          return;
        }
        setRepeatNotice(undefined);
        if (handlerRef.current) handlerRef.current(verdict.code, raw);
        else fallbackScan.current(verdict.code);
      },
    }),
    [filter, now, store],
  );

  // Without the station's settings no scan can be sent: one waiting for them when loading them fails is shown
  // failed, with why (a refused page token, the station not answering), never dropped without a word.
  const { loadError } = state;
  useEffect(() => {
    if (settings || !loadError || earlyScans.current.length === 0) return;
    const last = earlyScans.current[earlyScans.current.length - 1] ?? '';
    earlyScans.current = [];
    setScreen('scan');
    session.refuse(last.trim(), failureFromError(loadError));
  }, [settings, loadError, session, setScreen]);

  useEffect(() => {
    if (!settings || earlyScans.current.length === 0) return;
    const waiting = earlyScans.current;
    earlyScans.current = [];
    for (const raw of waiting) routing.submit(raw);
  }, [settings, routing]);

  useEffect(
    () => attachKeyboardScanner(window, { maxGapMs: burstGapMs, onScan: (raw) => routing.submit(raw) }),
    [routing, burstGapMs],
  );

  // Screen shortcuts: F1–F8 and Alt+1–8, from anywhere; F9 shows or hides the key cheat sheet.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key === KEY_SHEET_KEY && !event.ctrlKey && !event.altKey && !event.metaKey) {
        event.preventDefault();
        setKeysShown((shown) => !shown);
        return;
      }
      const target = screenForKey(event);
      if (!target) return;
      event.preventDefault();
      setKeysShown(false);
      setScreen(target);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [setScreen]);

  // Sounds: once per job and state, for the scan the packer is waiting on.
  const lastJob = session.last?.jobId ? jobs.find((job) => job.id === session.last?.jobId) : undefined;
  // A label stuck on an away printer needs the packer as much as a held one: the attention sound, once.
  const waiting = lastJob ? printerWait(lastJob, status?.printers ?? [], spool) !== undefined : false;
  const played = useRef<string | undefined>(undefined);
  const soundSettings = settings?.sounds;
  useEffect(() => {
    const last = session.last;
    if (!last || last.pending) return;
    const shown = waiting ? 'waiting' : lastJob ? resultState(lastJob) : last.failure ? 'failed' : undefined;
    if (!shown) return;
    const kind = soundFor(shown);
    const key = `${last.seq}:${shown}`;
    if (!kind || played.current === key) return;
    played.current = key;
    sounds.play(kind, soundSettings ?? { enabled: true, volume: 0.7 });
  }, [session.last, lastJob, waiting, sounds, soundSettings]);
  // A scan the packer moved on from that fails (or is held) afterwards is heard too, once: the card shows the newer.
  const missed = missedScans(session.behind, jobs);
  const missedPlayed = useRef(new Set<string>());
  useEffect(() => {
    for (const scan of missed) {
      const key = `${scan.seq}:${scan.state}`;
      if (missedPlayed.current.has(key)) continue;
      missedPlayed.current.add(key);
      sounds.play(soundFor(scan.state) ?? 'error', soundSettings ?? { enabled: true, volume: 0.7 });
    }
  }, [missed, sounds, soundSettings]);

  function onReadinessAction(action: ReadinessAction): void {
    if (action === 'setup_key') openSetup('key');
    else if (action === 'setup_printer') openSetup('printer');
    else if (action === 'check_connection') void api.testConnection().catch(() => undefined);
    else if (action === 'reload') void store.load();
  }

  return (
    <ScanRoutingContext.Provider value={routing}>
      <SetupContext.Provider value={openSetup}>
        <div className="app">
          <Nav current={screen === 'setup' ? undefined : screen} onSelect={setScreen} />
          <HomeAgainContext.Provider value={homeAgain}>
            <main className="main" id="main">
              {state.loaded ? null : (
                <p className="app-loading" role="status" data-testid="app-loading">
                  {t('app.loading')}
                </p>
              )}
              {state.loadError ? <LoadError error={state.loadError} /> : null}
              {/* What the station's start found, for the supervisor: above every screen until hidden for this start. */}
              {state.loaded ? <StartupNotice /> : null}
              {screen === 'scan' ? (
                <ScanScreen
                  session={session}
                  burstGapMs={burstGapMs}
                  repeatNotice={repeatNotice}
                  onReadinessAction={onReadinessAction}
                />
              ) : null}
              {screen === 'jobs' ? <JobsScreen /> : null}
              {screen === 'stored' ? <StoredScreen /> : null}
              {screen === 'manifest' ? <ManifestScreen /> : null}
              {screen === 'cancel' ? <CancelScreen /> : null}
              {screen === 'settings' ? <SettingsScreen initialGroup={settingsGroup} /> : null}
              {screen === 'history' ? <HistoryScreen burstGapMs={burstGapMs} /> : null}
              {screen === 'checkout' ? <CheckoutScreen /> : null}
              {screen === 'setup' ? (
                <SetupScreen
                  key={setupStep}
                  initialStep={setupStep}
                  onLeave={leaveSetup}
                  onFinish={leaveSetup}
                  onOpenSettings={openSettings}
                />
              ) : null}
            </main>
          </HomeAgainContext.Provider>
          <StatusBar onKeys={() => setKeysShown(true)} />
          {keysShown ? <KeySheet onClose={() => setKeysShown(false)} /> : null}
        </div>
      </SetupContext.Provider>
    </ScanRoutingContext.Provider>
  );
}

/**
 * Whether the admin left the setup in this browser before: kept in local storage, so it does not open again at
 * every start (a kiosk profile may refuse storage: then the page alone remembers, in `here`).
 */
function setupLeft(here: { current: boolean }): boolean {
  try {
    return here.current || localStorage.getItem(SETUP_LEFT_STORAGE_KEY) === '1';
  } catch {
    return here.current;
  }
}
function rememberSetupLeft(here: { current: boolean }): void {
  here.current = true;
  try {
    localStorage.setItem(SETUP_LEFT_STORAGE_KEY, '1');
  } catch {
    // Storage may be disabled (kiosk profiles): this page still remembers.
  }
}

function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { store } = useServices();
  const retry = useCallback(() => void store.load(), [store]);
  // A refused token stays refused however often the page asks or reloads (the tab keeps it): only the address
  // the restarted Packbench printed helps, so no "Try again" that cannot work.
  if (failureFromError(error).code === 'station_token_refused')
    return (
      <div className="alert alert-error" role="alert" data-testid="load-error">
        <p>{t('app.tokenRefused')}</p>
        <p>{t('app.tokenRefusedTodo')}</p>
      </div>
    );
  return (
    <div className="alert alert-error" role="alert" data-testid="load-error">
      <p>{t('app.loadFailed')}</p>
      <p>{t('app.loadFailedTodo')}</p>
      <button type="button" className="button" onClick={retry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
