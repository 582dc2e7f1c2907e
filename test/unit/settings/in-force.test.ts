import { describe, expect, it } from 'vitest';
import { settingsLayers } from '../../../main/hosts/shared/overrides';
import { resolveSettings } from '../../../main/settings/in-force';
import { defaultSettings, type Settings } from '../../../main/settings/schema';

const demo = { deliveryUrl: 'http://127.0.0.1:4100/rs-extapi/v1', labelPrinterUrl: 'tcp://127.0.0.1:4200' };

function saved(): Settings {
  const s = defaultSettings();
  s.deliveryUrl = 'https://api.unifaun.com/rs-extapi/v1';
  s.printers = [{ kind: 'os-queue', id: 'laser', name: 'Laser', queue: 'HP_Laser', media: 'A4' }];
  s.routing = { rules: [], documentPrinterId: 'laser' };
  return s;
}

describe('settings in force, with their source', () => {
  it('without flags or demo mode, everything in force is the saved settings', () => {
    const { settings, inForce } = resolveSettings(saved(), []);
    expect(settings).toEqual(saved());
    expect(inForce.deliveryUrl).toEqual({
      value: 'https://api.unifaun.com/rs-extapi/v1',
      source: 'settings',
    });
    expect(inForce.printers).toEqual([{ value: saved().printers[0], source: 'settings' }]);
    expect(inForce.documentPrinterId).toEqual({ value: 'laser', source: 'settings' });
    expect(inForce.labelPrinterId).toBeUndefined();
    expect(inForce.spoolTtlMinutes.source).toBe('settings');
  });

  it('demo mode: the simulator and the virtual Zebra are in force, marked demo; the rest stays saved', () => {
    const { settings, inForce } = resolveSettings(saved(), settingsLayers({}, demo, '/data'));
    expect(settings.deliveryUrl).toBe(demo.deliveryUrl);
    expect(inForce.deliveryUrl).toEqual({ value: demo.deliveryUrl, source: 'demo' });
    expect(inForce.labelPrinterId).toEqual({ value: 'label', source: 'demo' });
    expect(inForce.printers.map((p) => [p.value.id, p.value.kind, p.source])).toEqual([
      ['laser', 'os-queue', 'settings'],
      ['label', 'zpl-tcp', 'demo'],
    ]);
    // The saved document printer still takes the PDFs.
    expect(inForce.documentPrinterId).toEqual({ value: 'laser', source: 'settings' });
    expect(inForce.spoolTtlMinutes).toEqual({ value: 10, source: 'settings' });
  });

  it("demo mode's nShift Checkout addresses are in force, marked demo; a flag's, marked flag", () => {
    const checkout = {
      baseUrl: 'http://127.0.0.1:4100/checkout',
      authUrl: 'http://127.0.0.1:4100/identity',
      key: { id: 'demo-client', secret: 'demo-secret' },
    };
    const inDemo = resolveSettings(saved(), settingsLayers({}, { ...demo, checkout }, '/data')).inForce;
    expect(inDemo.checkoutUrl).toEqual({ value: checkout.baseUrl, source: 'demo' });
    expect(inDemo.checkoutAuthUrl).toEqual({ value: checkout.authUrl, source: 'demo' });

    const flagged = resolveSettings(
      saved(),
      settingsLayers({ checkoutUrl: 'https://checkout.example/api' }, { ...demo, checkout }, '/data'),
    ).inForce;
    expect(flagged.checkoutUrl).toEqual({ value: 'https://checkout.example/api', source: 'flag' });
    expect(flagged.checkoutAuthUrl.source).toBe('demo');

    const own = resolveSettings(saved(), []).inForce;
    expect(own.checkoutUrl).toEqual({ value: saved().checkout.baseUrl, source: 'settings' });
    expect(own.checkoutAuthUrl).toEqual({ value: saved().checkout.authUrl, source: 'settings' });
  });

  it('a flag wins over demo mode and the saved settings, and says so', () => {
    const layers = settingsLayers(
      {
        deliveryUrl: 'http://other.example/rs-extapi/v1',
        documentPrinter: 'tcp://10.0.0.9:9100',
        holdAfterSeconds: 30,
        media: 'thermo-225',
        manifestTypes: ['DAILY'],
      },
      demo,
      '/data',
    );
    const { inForce } = resolveSettings(saved(), layers);
    expect(inForce.deliveryUrl).toEqual({ value: 'http://other.example/rs-extapi/v1', source: 'flag' });
    expect(inForce.labelPrinterId?.source).toBe('demo');
    expect(inForce.documentPrinterId).toEqual({ value: 'documents', source: 'flag' });
    expect(inForce.printers.find((p) => p.value.id === 'documents')).toMatchObject({
      value: { kind: 'raw-tcp', host: '10.0.0.9', port: 9100 },
      source: 'flag',
    });
    expect(inForce.spoolTtlMinutes).toEqual({ value: 0.5, source: 'flag' });
    expect(inForce.printTargets.source).toBe('flag');
    expect(inForce.printTargets.value[0]).toMatchObject({ media: 'thermo-225', type: 'zpl' });
    expect(inForce.manifestTypes).toEqual({ value: ['DAILY'], source: 'flag' });
  });

  it("with no document printer anywhere, the host's documents folder is in force, marked as the demo's or the flag's", () => {
    const bare = defaultSettings();
    const inDemo = resolveSettings(bare, settingsLayers({}, demo, '/data')).inForce;
    expect(inDemo.documentPrinterId).toEqual({ value: 'documents', source: 'demo' });
    expect(inDemo.printers.find((p) => p.value.id === 'documents')).toMatchObject({
      value: { kind: 'file', directory: '/data/documents' },
      source: 'demo',
    });
    const headless = resolveSettings(bare, settingsLayers({}, undefined, '/data')).inForce;
    expect(headless.documentPrinterId).toEqual({ value: 'documents', source: 'flag' });
  });

  it('layers never change the saved settings they are applied to', () => {
    const stored = saved();
    resolveSettings(stored, settingsLayers({ holdAfterSeconds: 5, charset: 'UTF8' }, demo, '/data'));
    expect(stored).toEqual(saved());
  });
});
