import { describe, expect, it } from 'vitest';
import { settingsPatchSchema } from '../../../main/settings/schema';

/**
 * The settings are built with zod's functional build (main/zod.ts), which has no messages of its own. This file
 * imports nothing else, so zod's class library, which would install English as it loads, is not here to help.
 */
describe('settings schema messages', () => {
  it('say in English what is wrong with a value, before anything else of zod has loaded', () => {
    const parsed = settingsPatchSchema.safeParse({ scanner: { duplicateWindowMs: 120_000 } });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual(['scanner', 'duplicateWindowMs']);
    expect(issue.code).toBe('too_big');
    expect(issue.message).toBe('Too big: expected number to be <=60000');
  });

  it('name an unknown key, as the headless and web hosts report it to scripts', () => {
    const parsed = settingsPatchSchema.safeParse({ colour: 'blue' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('Unrecognized key: "colour"');
  });
});
