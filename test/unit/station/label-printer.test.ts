import { describe, expect, it } from 'vitest';
import type { PrinterConfig } from '../../../preload/api';
import { defaultSettings, type Settings } from '../../../main/settings/schema';
import { labelPrinterId } from '../../../main/station/label-printer';

const zebra: PrinterConfig = { kind: 'zpl-tcp', id: 'zebra', name: 'Zebra', host: '10.0.0.5', port: 9100 };
const folder: PrinterConfig = { kind: 'file', id: 'documents', name: 'Documents', directory: 'documents' };
const laser: PrinterConfig = { kind: 'raw-tcp', id: 'laser', name: 'Laser', host: '10.0.0.9', port: 9100 };

function settings(over: Partial<Settings>): Settings {
  return { ...defaultSettings(), ...over };
}

describe('labelPrinterId: where a label goes when no carrier rule picks another', () => {
  it('is the station label printer', () => {
    const s = settings({ printers: [zebra, folder], routing: { rules: [], labelPrinterId: 'zebra' } });
    expect(labelPrinterId(s)).toBe('zebra');
  });

  it('is a routing rule for labels before the default', () => {
    const s = settings({
      printers: [zebra, laser, { ...zebra, id: 'zebra-2' }],
      routing: { rules: [{ kind: 'label', printerId: 'zebra-2' }], labelPrinterId: 'zebra' },
    });
    expect(labelPrinterId(s)).toBe('zebra-2');
  });

  it('is none on a fresh station whose ZPL labels would only land in the documents folder', () => {
    const s = settings({ printers: [folder], routing: { rules: [], documentPrinterId: 'documents' } });
    expect(labelPrinterId(s)).toBeUndefined();
  });

  it('is none when no printer is set up at all', () => {
    expect(labelPrinterId(defaultSettings())).toBeUndefined();
  });

  it('is none when the only label rule is for one carrier', () => {
    const s = settings({ printers: [zebra], routing: { rules: [{ carrierId: 'DHL', printerId: 'zebra' }] } });
    expect(labelPrinterId(s)).toBeUndefined();
  });

  it('is none when the label printer named cannot take the label format (a PDF label for a ZPL socket)', () => {
    const s = settings({
      printConfig: { targets: [{ media: 'thermo-190', type: 'pdf' }] },
      printers: [zebra, laser],
      routing: { rules: [], labelPrinterId: 'zebra', documentPrinterId: 'laser' },
    });
    expect(labelPrinterId(s)).toBeUndefined();
  });

  it('is the document printer when the print configuration makes labels for A4 paper', () => {
    const s = settings({
      printConfig: { targets: [{ media: 'laser-a4', type: 'pdf' }] },
      printers: [laser],
      routing: { rules: [], documentPrinterId: 'laser' },
    });
    expect(labelPrinterId(s)).toBe('laser');
  });
});
