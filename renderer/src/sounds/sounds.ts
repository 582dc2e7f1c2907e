export type SoundKind = 'success' | 'error' | 'attention';

interface Tone {
  frequency: number;
  startMs: number;
  durationMs: number;
  type: OscillatorType;
}

/**
 * Three sounds a packer tells apart without looking: a bright rising pair for success, a low long buzz for
 * an error, three short mid beeps when something waits for them. Oscillators only: no files to load or lose.
 */
export const SOUND_PATTERNS: Record<SoundKind, Tone[]> = {
  success: [
    { frequency: 880, startMs: 0, durationMs: 90, type: 'sine' },
    { frequency: 1320, startMs: 100, durationMs: 140, type: 'sine' },
  ],
  error: [
    { frequency: 180, startMs: 0, durationMs: 450, type: 'square' },
    { frequency: 140, startMs: 480, durationMs: 450, type: 'square' },
  ],
  attention: [
    { frequency: 660, startMs: 0, durationMs: 110, type: 'triangle' },
    { frequency: 660, startMs: 180, durationMs: 110, type: 'triangle' },
    { frequency: 660, startMs: 360, durationMs: 110, type: 'triangle' },
  ],
};

export interface SoundSettings {
  enabled: boolean;
  /** 0–1 (values above 1 are read as percent). */
  volume: number;
}

type AudioContextCtor = new () => AudioContext;

/** Plays the station's sounds through WebAudio; silent where there is no audio (tests, locked-down kiosks). */
export class SoundPlayer {
  private context: AudioContext | undefined;

  constructor(private readonly createContext: AudioContextCtor | undefined = globalThis.AudioContext) {}

  play(kind: SoundKind, settings: SoundSettings): void {
    if (!settings.enabled || !this.createContext) return;
    const volume = Math.max(0, Math.min(1, settings.volume > 1 ? settings.volume / 100 : settings.volume));
    if (volume === 0) return;
    try {
      this.context ??= new this.createContext();
      const context = this.context;
      if (context.state === 'suspended') void context.resume();
      const start = context.currentTime;
      for (const tone of SOUND_PATTERNS[kind]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = tone.type;
        oscillator.frequency.value = tone.frequency;
        const begin = start + tone.startMs / 1000;
        const end = begin + tone.durationMs / 1000;
        // Short ramps avoid clicks at the start and end of each tone.
        gain.gain.setValueAtTime(0, begin);
        gain.gain.linearRampToValueAtTime(volume * 0.4, begin + 0.01);
        gain.gain.setValueAtTime(volume * 0.4, end - 0.02);
        gain.gain.linearRampToValueAtTime(0, end);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(begin);
        oscillator.stop(end + 0.01);
      }
    } catch {
      // Audio is feedback, never a reason for a scan to fail.
    }
  }
}
