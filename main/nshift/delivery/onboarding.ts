/** Onboarding (docs/nshift-api.md 1.9; partner network only). */
import type { DeliveryCaller, R } from './caller';
import type { JsonObject } from './types';

export interface Onboarding {
  accounts(): R<unknown>;
  createApplication(application: JsonObject): R<unknown>;
  applicationLanguage(applicationId: string): R<unknown>;
  language(): R<unknown>;
}

export function onboardingOf(call: DeliveryCaller): Onboarding {
  return {
    accounts: () => call.json({ operation: 'onboarding.accounts' }, (s) => s.anyJsonSchema),
    createApplication: (application) =>
      call.json({ operation: 'onboarding.createApplication', body: application }, (s) => s.anyJsonSchema),
    applicationLanguage: (applicationId) =>
      call.json(
        { operation: 'onboarding.applicationLanguage', params: { applicationId } },
        (s) => s.anyJsonSchema,
      ),
    language: () => call.json({ operation: 'onboarding.language' }, (s) => s.anyJsonSchema),
  };
}
