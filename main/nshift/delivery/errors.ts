/** The Delivery client's error union: the shared nShift error shapes, by Delivery's operation names. */
import type { ApiError } from '../shared/errors';
import type { OperationName } from './routes';

export type { ApiError, AuthReason, NetworkCause, ValidationItem } from '../shared/errors';
export { describeApiError as describeDeliveryError } from '../shared/errors';

export type DeliveryError = ApiError<OperationName>;

export type DeliveryErrorKind = DeliveryError['kind'];
