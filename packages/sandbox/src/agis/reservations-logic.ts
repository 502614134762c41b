import { type AgisOutcome, type AgisServiceLogic, fail } from './service-types.js';

/** A restaurant of the sandbox's reservation service. */
export interface SandboxRestaurant {
  id: string;
  name: string;
  maxParty: number;
  tablesPerSeating: number;
  /** Seatings ("HH:MM") that are always fully booked, so tests and demos can hit `slot_unavailable`. */
  fullSeatings: readonly string[];
}

/** The sandbox restaurants; documented in the package README. */
export const SANDBOX_RESTAURANTS: readonly SandboxRestaurant[] = [
  { id: 'copper-pot', name: 'The Copper Pot', maxParty: 10, tablesPerSeating: 3, fullSeatings: ['20:00'] },
  { id: 'saffron-house', name: 'Saffron House', maxParty: 8, tablesPerSeating: 2, fullSeatings: [] },
  { id: 'blue-fin', name: 'Blue Fin Sushi Bar', maxParty: 6, tablesPerSeating: 2, fullSeatings: ['19:30'] },
];

const SEATINGS: readonly string[] = Array.from({ length: 10 }, (_, i) => {
  const minutes = 17 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});
const DEPOSIT_PER_GUEST_CENTS = 1000;

interface Reservation {
  id: string;
  restaurant: SandboxRestaurant;
  seating: string;
  partySize: number;
  status: 'confirmed' | 'cancelled';
}

// "The Copper Pot", "copper pot" and "copper-pot" all name the same restaurant.
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function findRestaurant(text: string): SandboxRestaurant | undefined {
  const s = slug(text);
  return SANDBOX_RESTAURANTS.find(
    (r) => r.id === s || slug(r.name) === s || slug(r.name).startsWith(`${s}-`),
  );
}

/** UTC wall-clock `YYYY-MM-DDTHH:MM` of a schema-valid date-time; local times (no offset) are taken as UTC. */
function utcSeating(datetime: string): { key: string; date: Date } {
  const hasOffset = /(?:Z|[+-]\d\d:?\d\d)$/i.test(datetime);
  const iso = datetime.replace(' ', 'T');
  const date = new Date(hasOffset ? iso.replace(/([+-]\d\d)(\d\d)$/, '$1:$2') : `${iso}Z`);
  return { key: date.toISOString().slice(0, 16), date };
}

/** The reservation service: availability, booking and cancellation over in-memory state. */
export function createReservationsLogic(): AgisServiceLogic {
  const reservations = new Map<string, Reservation>();
  const booked = new Map<string, number>();
  let counter = 0;
  const seatingKey = (r: SandboxRestaurant, at: string): string => `${r.id} ${at}`;
  const tablesLeft = (r: SandboxRestaurant, at: string): number =>
    r.fullSeatings.includes(at.slice(11)) ? 0 : r.tablesPerSeating - (booked.get(seatingKey(r, at)) ?? 0);

  function restaurantOf(input: Record<string, unknown>): SandboxRestaurant | AgisOutcome {
    const r = findRestaurant(String(input['restaurant']));
    if (r === undefined)
      return fail('restaurant_not_found', `no restaurant named ${JSON.stringify(input['restaurant'])}`);
    const party = input['party_size'];
    if (typeof party === 'number' && party > r.maxParty)
      return fail(
        'party_size_exceeds_capacity',
        `${r.name} seats parties of at most ${r.maxParty}, not ${party}`,
      );
    return r;
  }

  function find(input: Record<string, unknown>): AgisOutcome {
    const r = restaurantOf(input);
    if ('ok' in r) return r;
    const date = String(input['date']);
    const party = typeof input['party_size'] === 'number' ? input['party_size'] : 2;
    const slots = SEATINGS.map((s) => {
      const left = tablesLeft(r, `${date}T${s}`);
      return { datetime: `${date}T${s}:00Z`, available: left > 0, tables_left: left };
    });
    return {
      ok: true,
      result: { restaurant: r.id, restaurant_name: r.name, date, party_size: party, slots },
    };
  }

  function book(input: Record<string, unknown>, now: Date): AgisOutcome {
    const r = restaurantOf(input);
    if ('ok' in r) return r;
    const { key, date } = utcSeating(String(input['datetime']));
    if (Number.isNaN(date.getTime()) || date.getUTCSeconds() !== 0 || !SEATINGS.includes(key.slice(11)))
      return fail(
        'invalid_datetime',
        `${input['datetime']} is not a seating: seatings are on the hour or half hour from 17:00 to 21:30 UTC`,
      );
    if (date.getTime() < now.getTime())
      return fail('invalid_datetime', `${input['datetime']} is in the past`);
    if (tablesLeft(r, key) <= 0)
      return fail('slot_unavailable', `${r.name} has no table left at ${key.replace('T', ' ')} UTC`);
    booked.set(seatingKey(r, key), (booked.get(seatingKey(r, key)) ?? 0) + 1);
    counter++;
    const id = `R-${String(counter).padStart(4, '0')}`;
    const partySize = input['party_size'] as number;
    reservations.set(id, { id, restaurant: r, seating: key, partySize, status: 'confirmed' });
    return {
      ok: true,
      result: {
        reservation_id: id,
        status: 'confirmed',
        confirmation_code: `${r.id.slice(0, 3).toUpperCase()}${String(counter * 7919).padStart(6, '0')}`,
        restaurant: r.id,
        restaurant_name: r.name,
        datetime: `${key}:00Z`,
        party_size: partySize,
        deposit: { amount: ((partySize * DEPOSIT_PER_GUEST_CENTS) / 100).toFixed(2), currency: 'USD' },
      },
    };
  }

  function cancel(input: Record<string, unknown>): AgisOutcome {
    const id = String(input['reservation_id']);
    const found = reservations.get(id);
    if (found === undefined) return fail('reservation_not_found', `no reservation ${id}`);
    if (found.status === 'cancelled')
      return fail('reservation_already_cancelled', `reservation ${id} was already cancelled`);
    found.status = 'cancelled';
    const k = seatingKey(found.restaurant, found.seating);
    booked.set(k, (booked.get(k) ?? 1) - 1);
    return { ok: true, result: { reservation_id: id, status: 'cancelled', deposit_refunded: false } };
  }

  return {
    invoke(key, input, now) {
      if (key === 'FIND /availability') return find(input);
      if (key === 'BOOK /reservation') return book(input, now);
      return cancel(input);
    },
  };
}
