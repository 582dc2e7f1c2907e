import type { PrintTarget } from '../../preload/api';
import type { PrintConfig, PrintTargetOption } from '../nshift/delivery';

/** nShift's printConfig object (`target1Media`, `target1Type`, `target1Options`, …) from the station's targets. */
export function toNshiftPrintConfig(targets: readonly PrintTarget[]): PrintConfig {
  const config: PrintConfig = {};
  targets.slice(0, 4).forEach((target, index) => {
    const n = index + 1;
    config[`target${n}Media`] = target.media;
    config[`target${n}Type`] = target.type;
    config[`target${n}XOffset`] = target.xOffset ?? 0;
    config[`target${n}YOffset`] = target.yOffset ?? 0;
    const options: PrintTargetOption[] = [];
    if (target.mode) options.push({ key: 'mode', value: target.mode });
    // cp850 is nShift's default, but saying it keeps the request explicit about what the bytes will be.
    if (target.type === 'zpl') options.push({ key: 'charset', value: target.charset ?? 'cp850' });
    if (options.length > 0) config[`target${n}Options`] = options;
  });
  return config;
}
