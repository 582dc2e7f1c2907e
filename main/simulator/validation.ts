/**
 * The service rules a shipment must meet. Errors (`type: error`) stop a booking with 422 and create
 * nothing; `ignorable` items only warn (a stored shipment becomes WARNED).
 */
import { findService } from './catalogue';
import type { Party, ShipmentInput } from './schemas';
import type { ValidationItem } from './state';

function item(
  message: string,
  messageCode: string,
  field: string,
  location: string,
  type: ValidationItem['type'] = 'error',
): ValidationItem {
  return { message, messageCode, field, location, type };
}

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

function validateParty(party: Party | null | undefined, location: 'sender' | 'receiver'): ValidationItem[] {
  if (!party)
    return [item(`Missing ${location}`, 'Party', location === 'sender' ? 'Sender' : 'Receiver', location)];
  const out: ValidationItem[] = [];
  if (blank(party.name)) out.push(item('Name is missing', 'Name', 'Address_Name', location));
  if (blank(party.zipcode)) out.push(item('Not valid postal code', 'ZipCode', 'Address_Zipcode', location));
  else if (
    (party.country ?? '').toUpperCase() === 'SE' &&
    location === 'receiver' &&
    !/^\d{3}\s?\d{2}$/.test(party.zipcode!.trim())
  )
    out.push(item('Not valid postal code', 'ZipCode', 'Address_Zipcode', location));
  if (blank(party.city)) out.push(item('City is missing', 'City', 'Address_City', location));
  if (blank(party.country)) out.push(item('Country is missing', 'Country', 'Address_Country', location));
  return out;
}

export function hasOption(data: ShipmentInput, id: string): boolean {
  return (data.options ?? []).some((o) => o.id.toUpperCase() === id);
}

/** `sender` is the resolved sender (the account default or a quickId from the address book). */
export function validateShipment(data: ShipmentInput, sender: Party | null): ValidationItem[] {
  const out: ValidationItem[] = [];
  out.push(...validateParty(sender, 'sender'));
  out.push(...validateParty(data.receiver, 'receiver'));
  const service = findService(data.service?.id ?? undefined);
  if (!data.service?.id) out.push(item('Service is missing', 'Service', 'Service_Id', 'service'));
  else if (!service) out.push(item(`Unknown service ${data.service.id}`, 'Service', 'Service_Id', 'service'));
  const parcels = data.parcels ?? [];
  if (parcels.length === 0) out.push(item('At least one parcel is required', 'Parcels', 'Parcel', 'parcels'));
  parcels.forEach((p, i) => {
    const copies = p.copies ?? 1;
    if (!Number.isInteger(copies) || copies < 1 || copies > 99)
      out.push(item('Copies must be 1 to 99', 'Copies', 'Parcel_Copies', `parcels[${i}]`));
    if (p.weight !== undefined && p.weight !== null) {
      if (p.weight < 0) out.push(item('Weight must be positive', 'Weight', 'Parcel_Weight', `parcels[${i}]`));
      else if (service && p.weight > service.maxWeightKg)
        out.push(
          item(
            `Weight ${p.weight} kg is over the limit ${service.maxWeightKg} kg of ${service.name}`,
            'Weight',
            'Parcel_Weight',
            `parcels[${i}]`,
          ),
        );
    }
  });
  if (hasOption(data, 'ENOT')) {
    const r = data.receiver;
    if (r && blank(r.email) && blank(r.mobile))
      out.push(
        item(
          'Notification needs an e-mail or mobile number',
          'Notification',
          'Address_Email',
          'receiver',
          'ignorable',
        ),
      );
  }
  return out;
}

export function hasErrors(items: ValidationItem[]): boolean {
  return items.some((i) => i.type !== 'ignorable');
}
