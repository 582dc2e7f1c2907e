/**
 * The station's connections to nShift and their renewal: the Delivery client the jobs use, the local index's own
 * client, the Checkout client, the secrets each may send (bound to the addresses they were entered for), and the
 * account's state as the last check found it. A new key, new credentials or another address close the clients
 * made for the old ones and make them anew, in one place each (`renewDelivery`, `renewCheckout`).
 */
import type { AccountState, ConnectionTest, StartupWarning, StationStatus } from '../../preload/api';
import { startupWarning } from '../domain';
import { createDeliveryClient, type DeliveryClient, type FeedRateGuard } from '../nshift/delivery';
import type { CheckoutClient } from '../nshift/checkout';
import { RequestRate } from '../nshift/shared';
import { openBoundSecret } from '../settings/bound-secret';
import type { SecretNote, Settings } from '../settings/schema';
import { VaultRefusal, type ApiKey } from '../settings/store';
import { testConnection } from './connection';
import { failureOf } from './failures';
import { StationError } from './station-error';
import type { StationOptions } from './station-options';

export interface NshiftConnectionsOptions extends Pick<
  StationOptions,
  'vault' | 'checkoutVault' | 'clientOptions' | 'checkoutClientOptions'
> {
  settings(): Settings;
  log(line: string): void;
  /** The status-event follower's guard: one for every client this station makes. */
  feedRate: FeedRateGuard;
  /** The Delivery clients were made anew (another key or address): what the index holds is another account's. */
  renewed(): void;
  /** A check after the start or a new key got its answer: the background readers may begin. */
  checked(): void;
  /** The account's state changed. */
  accountChanged(): void;
}

/** The secrets usable at the addresses in force, and what else Settings says of them (`settingsView`). */
export interface SecretsInForce {
  key: ApiKey | undefined;
  checkoutKey: ApiKey | undefined;
  notes: { delivery: SecretNote; checkout: SecretNote | undefined };
}

export interface NshiftConnections {
  /** The Delivery client the jobs use. */
  client(): DeliveryClient;
  /**
   * The index has an HTTP client (and connections) of its own: a sweep of a thousand pages never holds the
   * connection a scan is about to use, so no scan waits for a new connection because of it. Made at first use.
   */
  indexClient(): DeliveryClient;
  /** Only with Checkout credentials entered for its addresses; else no Checkout request is made. */
  checkout(): CheckoutClient | undefined;
  /** One count of the requests every client makes: the index holds back while the account's second is full. */
  readonly requestRate: RequestRate;
  /** The Delivery key, if it was entered for the Delivery address in force. */
  deliveryKey(): ApiKey | undefined;
  secrets(): SecretsInForce;
  account(): StationStatus['account'];
  /** What the vault said at start (a warning with a key, or why there is none). */
  readonly startupWarnings: readonly StartupWarning[];
  /** The connection test: the account's state is what it finds. */
  checkConnection(): Promise<ConnectionTest>;
  /** Checks the key in the background; then the background readers begin (`checked`). */
  connect(): void;
  /** A key nShift did not answer for is checked again, until a check gets through. */
  recheckIfOffline(): void;
  setApiKey(key: ApiKey): Promise<void>;
  setCheckoutCredentials(credentials: { clientId: string; clientSecret: string }): Promise<void>;
  /** New settings are in force: clients for an address that changed are made anew. */
  settingsChanged(before: Settings): Promise<void>;
  close(): Promise<void>;
}

export async function openNshiftConnections(options: NshiftConnectionsOptions): Promise<NshiftConnections> {
  const { log } = options;
  // Each secret goes only to the addresses it was entered for (main/settings/bound-secret.ts): the Delivery key to
  // the Delivery address, the Checkout credentials to its identity service and its base address.
  const deliveryUrls = (): string[] => [options.settings().deliveryUrl];
  const checkoutUrls = (): string[] => [
    options.settings().checkout.authUrl,
    options.settings().checkout.baseUrl,
  ];
  const deliverySecret = await openBoundSecret(options.vault, deliveryUrls(), log);
  const checkoutSecret = options.checkoutVault
    ? await openBoundSecret(options.checkoutVault, checkoutUrls(), log)
    : undefined;
  const startupWarnings: StartupWarning[] = [];
  for (const said of [deliverySecret.problem, checkoutSecret?.problem])
    if (said)
      startupWarnings.push(
        startupWarning('secret_vault', said.message, { vault: said.code, file: said.file }),
      );
  const requestRate = new RequestRate();
  let client: DeliveryClient = newClient();
  function newClient(): DeliveryClient {
    const baseUrl = options.settings().deliveryUrl;
    return createDeliveryClient({
      baseUrl,
      // The key only if it was entered for this client's address: a client for another one never gets it.
      apiKey: () => deliverySecret.for([baseUrl]),
      logger: log,
      // One guard for every client this station makes: a new key or URL does not reset the feeds' call rate.
      feedRate: options.feedRate,
      // One count of the requests every client makes: the index holds back while the account's second is full.
      requestRate,
      ...options.clientOptions,
    });
  }
  let indexClient: DeliveryClient | undefined;
  /** Another key or address: the clients made for the old one are closed; the index's is made anew at its next use. */
  async function renewDelivery(): Promise<void> {
    await client.close();
    client = newClient();
    await indexClient?.close();
    indexClient = undefined;
    // Another account's ids: nothing of the index may be used any more.
    options.renewed();
  }

  let checkout: CheckoutClient | undefined = await newCheckoutClient();
  /**
   * Only with credentials entered for its addresses: without them the station makes no Checkout request at all,
   * and its client (and its schemas) are never even loaded.
   */
  async function newCheckoutClient(): Promise<CheckoutClient | undefined> {
    const urls = checkoutUrls();
    if (!checkoutSecret?.for(urls)) return undefined;
    const { createCheckoutClient } = await import('../nshift/checkout');
    const [authUrl, baseUrl] = urls;
    return createCheckoutClient({
      baseUrl,
      authUrl,
      credentials: () => {
        const key = checkoutSecret.for(urls);
        return key ? { clientId: key.id, clientSecret: key.secret } : undefined;
      },
      logger: log,
      ...options.checkoutClientOptions,
    });
  }
  let renewingCheckout: Promise<void> = Promise.resolve();
  /** One renewal at a time, so two quick saves cannot leave two clients behind. */
  function renewCheckout(): Promise<void> {
    renewingCheckout = renewingCheckout
      .catch(() => undefined)
      .then(async () => {
        // The new client is in place before the old one closes: a scan meanwhile always finds one of them.
        const next = await newCheckoutClient();
        const old = checkout;
        checkout = next;
        await old?.close();
      });
    return renewingCheckout;
  }

  let account: StationStatus['account'] = accountBeforeTest();
  /** The account's state before a connection test: a key to test, or why there is none for this address. */
  function accountBeforeTest(): StationStatus['account'] {
    if (deliverySecret.for(deliveryUrls())) return { state: 'unknown' };
    const why = deliverySecret.elsewhere(deliveryUrls(), 'API key') ?? deliverySecret.unreadable?.message;
    return { state: 'not_configured', ...(why ? { message: why } : {}) };
  }

  function setAccount(state: AccountState, message?: string, missingLicenses?: string[]): void {
    account = {
      state,
      ...(message ? { message } : {}),
      ...(missingLicenses?.length ? { missingLicenses } : {}),
    };
    options.accountChanged();
  }

  async function checkConnection(): Promise<ConnectionTest> {
    const before = accountBeforeTest();
    // No key for this address (one for another, or none the vault could read): nothing is sent, and the reason
    // is what the test says.
    const test: ConnectionTest =
      before.state === 'not_configured' && before.message
        ? { ok: false, state: 'not_configured', message: before.message, missingLicenses: [] }
        : await testConnection(client, before.state !== 'not_configured');
    setAccount(test.state, test.message, test.missingLicenses);
    return test;
  }
  function connect(): void {
    void checkConnection().then(() => options.checked());
  }

  return {
    client: () => client,
    indexClient: () => (indexClient ??= newClient()),
    checkout: () => checkout,
    requestRate,
    deliveryKey: () => deliverySecret.for(deliveryUrls()),
    secrets: () => ({
      key: deliverySecret.for(deliveryUrls()),
      checkoutKey: checkoutSecret?.for(checkoutUrls()),
      notes: {
        delivery: deliverySecret.note(deliveryUrls()),
        checkout: checkoutSecret?.note(checkoutUrls()),
      },
    }),
    account: () => account,
    startupWarnings,
    checkConnection,
    connect,
    recheckIfOffline() {
      if (deliverySecret.for(deliveryUrls()) && account.state === 'offline') void checkConnection();
    },
    async setApiKey(key) {
      if (!options.vault.writable) {
        throw StationError.failed(
          failureOf(
            'api_key_from_environment',
            'This station takes its API key from the environment; it cannot be changed here.',
            {},
          ),
        );
      }
      await vaultSaved(deliverySecret.set(key, deliveryUrls()));
      await renewDelivery();
      connect();
    },
    async setCheckoutCredentials({ clientId, clientSecret }) {
      if (!options.checkoutVault?.writable || !checkoutSecret) {
        throw new StationError({
          error: 'failed',
          message:
            'This station takes its Checkout client credentials from the environment; they cannot be changed here.',
        });
      }
      await vaultSaved(checkoutSecret.set({ id: clientId, secret: clientSecret }, checkoutUrls()));
      await renewCheckout();
    },
    async settingsChanged(before) {
      const settings = options.settings();
      // The address in force decides: one a flag or demo mode sets stays, whatever is saved under it.
      if (settings.deliveryUrl !== before.deliveryUrl) {
        await renewDelivery();
        // A key entered for the old address is not for this one: the status says so until it is entered again.
        account = accountBeforeTest();
      }
      if (
        settings.checkout.baseUrl !== before.checkout.baseUrl ||
        settings.checkout.authUrl !== before.checkout.authUrl
      )
        await renewCheckout();
    },
    async close() {
      await client.close();
      await renewingCheckout.catch(() => undefined);
      await checkout?.close();
      await indexClient?.close();
    },
  };
}

/** A secret the vault would not save (its key file is kept for another secret): said in the packer's language. */
async function vaultSaved(saving: Promise<void>): Promise<void> {
  try {
    await saving;
  } catch (error) {
    if (!(error instanceof VaultRefusal)) throw error;
    throw StationError.failed(
      failureOf('vault_key_kept', error.message, { file: error.keyFile, other: error.other }),
    );
  }
}
