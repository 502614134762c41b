import { INVALID_INPUT_ERROR, MONEY_OUTPUT } from './document-parts.js';
import type { AgisDocumentDefinition, AgisErrorDeclaration } from './document-types.js';

/** Namespace of the reservation service (`X-AGIS-Namespace`). */
export const RESERVATIONS_NAMESPACE = 'sandbox-reservations';

const restaurantNotFound: AgisErrorDeclaration = {
  name: 'restaurant_not_found',
  description: 'No restaurant with that id or name takes reservations here.',
  status: 404,
};
const partyTooLarge: AgisErrorDeclaration = {
  name: 'party_size_exceeds_capacity',
  description: 'The party is larger than the largest table the restaurant can set.',
  status: 422,
};

const restaurantInput = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: 'Restaurant id (copper-pot, saffron-house, blue-fin) or its name.',
};
const partySizeInput = { type: 'integer', minimum: 1, maximum: 20 };

/** The AGIS 1.0 document of the table reservation service at `domain`. */
export function reservationsDocument(domain: string): AgisDocumentDefinition {
  return {
    agis: '1.0',
    service: 'Sandbox Table Reservations',
    agtp: `agtp://${domain}`,
    description:
      'Dinner reservations at three sandbox restaurants (The Copper Pot, Saffron House, Blue Fin Sushi Bar). Seatings every 30 minutes from 17:00 to 21:30 UTC; a booking holds a non-refundable deposit of 10.00 USD per guest.',
    version: '1.0.0',
    endpoints: [
      {
        method: 'FIND',
        path: '/availability',
        semantic: {
          intent:
            'Finds the open dinner seatings at a restaurant on a given date for a party of a given size.',
          actor: 'agent',
          outcome: 'A list of seatings for that date is returned, each marked available or full.',
          capability: 'discovery',
          confidence_guidance: 0.4,
          impact_tier: 'informational',
          is_idempotent: true,
          parameter_hints: {
            restaurant: ['at The Copper Pot', 'Saffron House', 'the sushi place'],
            date: ['tonight', 'tomorrow', 'on Friday', 'May 4th'],
            party_size: ['for two', 'for 4 people', 'party of six', 'table for 3'],
          },
        },
        input: {
          type: 'object',
          properties: {
            restaurant: restaurantInput,
            date: { type: 'string', format: 'date' },
            party_size: partySizeInput,
          },
          required: ['restaurant', 'date'],
          additionalProperties: false,
        },
        output: {
          type: 'object',
          properties: {
            restaurant: { type: 'string' },
            restaurant_name: { type: 'string' },
            date: { type: 'string', format: 'date' },
            party_size: { type: 'integer' },
            slots: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  datetime: { type: 'string', format: 'date-time' },
                  available: { type: 'boolean' },
                  tables_left: { type: 'integer', minimum: 0 },
                },
                required: ['datetime', 'available', 'tables_left'],
              },
            },
          },
          required: ['restaurant', 'date', 'slots'],
        },
        errors: [restaurantNotFound, partyTooLarge, INVALID_INPUT_ERROR],
      },
      {
        method: 'BOOK',
        path: '/reservation',
        semantic: {
          intent:
            'Books a dinner table at a restaurant for a party at a given date and time on behalf of the user.',
          actor: 'agent',
          outcome: 'A reservation with status confirmed exists and the per-guest deposit has been charged.',
          capability: 'transaction',
          confidence_guidance: 0.85,
          impact_tier: 'irreversible',
          is_idempotent: false,
          parameter_hints: {
            restaurant: ['at The Copper Pot', 'Saffron House', 'the sushi bar'],
            party_size: ['for two', 'for 4 people', 'party of six', 'table for 3'],
            datetime: ['tomorrow at 7', 'Friday at 8pm', 'tonight at 19:30'],
            contact_name: ['under the name Rivera', 'for Sam'],
            special_requests: ['by the window', 'a high chair', 'it is a birthday'],
          },
          state_transition: {
            'reservation.status': 'NONE -> CONFIRMED',
            'reservation.deposit': 'NONE -> CHARGED',
          },
        },
        input: {
          type: 'object',
          properties: {
            restaurant: restaurantInput,
            party_size: partySizeInput,
            datetime: {
              type: 'string',
              format: 'date-time',
              description: 'Seating start, on the hour or half hour, 17:00 to 21:30 UTC.',
            },
            contact_name: { type: 'string', minLength: 1, maxLength: 100 },
            special_requests: { type: 'string', maxLength: 500 },
          },
          required: ['restaurant', 'party_size', 'datetime'],
          additionalProperties: false,
        },
        output: {
          type: 'object',
          properties: {
            reservation_id: { type: 'string', pattern: '^R-[0-9]{4,}$' },
            status: { type: 'string', enum: ['confirmed'] },
            confirmation_code: { type: 'string' },
            restaurant: { type: 'string' },
            restaurant_name: { type: 'string' },
            datetime: { type: 'string', format: 'date-time' },
            party_size: { type: 'integer' },
            deposit: MONEY_OUTPUT,
          },
          required: ['reservation_id', 'status', 'confirmation_code', 'datetime', 'party_size'],
        },
        errors: [
          {
            name: 'slot_unavailable',
            description: 'Every table at that seating is taken; FIND /availability lists open seatings.',
            status: 409,
          },
          {
            name: 'invalid_datetime',
            description:
              'The time is in the past or not a seating (on the hour or half hour, 17:00 to 21:30 UTC).',
            status: 422,
          },
          restaurantNotFound,
          partyTooLarge,
          INVALID_INPUT_ERROR,
        ],
      },
      {
        method: 'CANCEL',
        path: '/reservation/{reservation_id}',
        semantic: {
          intent: 'Cancels an existing restaurant reservation and releases its table to other diners.',
          actor: 'agent',
          outcome:
            'The reservation has status cancelled, its table is free again and the deposit is forfeited.',
          capability: 'modification',
          confidence_guidance: 0.9,
          impact_tier: 'irreversible',
          is_idempotent: false,
          parameter_hints: {
            reservation_id: ['reservation R-0001', 'my booking R-0042'],
            reason: ['plans changed', 'we are sick'],
          },
          state_transition: { 'reservation.status': 'CONFIRMED -> CANCELLED' },
        },
        input: {
          type: 'object',
          properties: {
            reservation_id: { type: 'string', pattern: '^R-[0-9]{4,}$' },
            reason: { type: 'string', maxLength: 500 },
          },
          required: ['reservation_id'],
          additionalProperties: false,
        },
        output: {
          type: 'object',
          properties: {
            reservation_id: { type: 'string' },
            status: { type: 'string', enum: ['cancelled'] },
            deposit_refunded: { type: 'boolean' },
          },
          required: ['reservation_id', 'status'],
        },
        errors: [
          {
            name: 'reservation_not_found',
            description: 'No reservation with that id was made here.',
            status: 404,
          },
          {
            name: 'reservation_already_cancelled',
            description: 'The reservation was cancelled before.',
            status: 409,
          },
          INVALID_INPUT_ERROR,
        ],
      },
    ],
    vocabulary: {
      declared_verbs: ['FIND', 'BOOK', 'CANCEL'],
      domain: 'hospitality',
      namespace: RESERVATIONS_NAMESPACE,
      version: '1.0.0',
      negotiable: false,
    },
    data_manifest: {
      available_data: [
        {
          class: 'restaurant',
          description: 'Restaurant names, cuisines, neighborhoods and table sizes.',
          formats: ['json'],
          sensitivity: 'low',
        },
        {
          class: 'availability',
          description: 'Open and full seatings per restaurant and date.',
          formats: ['json'],
          sensitivity: 'low',
        },
        {
          class: 'reservation',
          description: 'Booking records with contact names and special requests.',
          formats: ['json'],
          sensitivity: 'medium',
          requires_authorization: true,
        },
      ],
      pre_auth_discovery: true,
    },
  };
}
