import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Code outside main/nshift/ reaches the nShift clients only through their index files (eslint.config.js): a
 * client's files can then be split or renamed without touching the station or the simulator. Tests may import
 * internals. The rule is read from the project's own ESLint configuration, as `npm run lint` reads it.
 */
const eslint = new ESLint();

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('imports of the nShift clients', () => {
  it('refuses a station file importing a file inside a client, statically or with import()', async () => {
    expect(
      await refusals(
        'main/station/workflows/example.ts',
        "import type { Order } from '../../nshift/delivery/schemas';\nexport type O = Order;\n",
      ),
    ).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(
      await refusals(
        'main/simulator/example.ts',
        "export { ROUTES } from '../nshift/delivery/routes';\nimport { RequestRate } from '../nshift/shared/request-rate';\nexport const r = new RequestRate();\n",
      ),
    ).toEqual(['@typescript-eslint/no-restricted-imports', '@typescript-eslint/no-restricted-imports']);
    expect(
      await refusals(
        'main/station/example.ts',
        "export const load = () => import('../nshift/checkout/client');\n",
      ),
    ).toEqual(['no-restricted-syntax']);
  });

  it('lets a station file import through the index files, and tests and the clients themselves import anything', async () => {
    expect(
      await refusals(
        'main/station/example.ts',
        "import type { DeliveryClient } from '../nshift/delivery';\nimport { RequestRate } from '../nshift/shared';\nexport type C = DeliveryClient;\nexport const r = new RequestRate();\nexport const load = () => import('../nshift/checkout');\n",
      ),
    ).toEqual([]);
    expect(
      await refusals(
        'test/unit/nshift/example.test.ts',
        "import type { Order } from '../../../main/nshift/delivery/schemas';\nexport type O = Order;\n",
      ),
    ).toEqual([]);
    expect(
      await refusals(
        'main/nshift/delivery/example.ts',
        "import type { ApiError } from '../shared/errors';\nexport type E = ApiError<string>;\n",
      ),
    ).toEqual([]);
  });
});
